// A generation that lives apart from any HTTP request (the pattern of AnswerRun): clients subscribe from a
// chunk id, get everything after it, then the live rest; a dropped client re-POSTs with Last-Event-ID.
export type RunStatus = 'streaming' | 'done' | 'failed' | 'stopped';

export interface ProgressListener<C> {
  chunk(chunk: C): void;
  done(status: Exclude<RunStatus, 'streaming'>): void;
}

export class ProgressRun<C extends { chunkId: number }, M> {
  readonly chunks: C[] = [];
  status: RunStatus = 'streaming';
  readonly controller = new AbortController();
  private readonly listeners = new Set<ProgressListener<C>>();

  constructor(
    readonly requestId: string,
    readonly ownerId: string,
    readonly meta: M,
  ) {}

  subscribe(afterChunkId: number, listener: ProgressListener<C>): () => void {
    for (const chunk of this.chunks.slice(Math.max(0, afterChunkId + 1))) listener.chunk(chunk);
    if (this.status !== 'streaming') {
      listener.done(this.status);
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  push(piece: Omit<C, 'chunkId'>): C {
    const chunk = { chunkId: this.chunks.length, ...piece } as C;
    this.chunks.push(chunk);
    for (const listener of this.listeners) listener.chunk(chunk);
    return chunk;
  }

  finish(status: Exclude<RunStatus, 'streaming'>) {
    if (this.status !== 'streaming') return;
    this.status = status;
    for (const listener of this.listeners) listener.done(status);
    this.listeners.clear();
  }
}
