import type { Language, WritingAction } from '../../../common/contract/index.js';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  /** Parley's model name (Standard, GPT-4, ...); the provider maps it to its own. */
  model: string;
  messages: ChatTurn[];
  signal: AbortSignal;
  /** The caller's language: the offline model writes its own sentences in it (a real model follows the user). */
  language?: Language;
  /** A writing action of the editor's Ask AI; the messages already carry its instructions for real models. */
  writing?: WritingTask;
  /** A document chat: the numbered page sources the answer must stay within and cite as [n]. */
  sources?: GroundingSource[];
  /**
   * The answer's text so far (another server instance had started it and died): stream only what follows it.
   * It is sent as the assistant's unfinished last message.
   */
  prefix?: string;
}

/** Source n of a grounded answer: a chunk of one of the chat's documents, with its page. */
export interface GroundingSource {
  n: number;
  /** Empty for a search result (see link). */
  documentId: string;
  fileName: string;
  page: number;
  text: string;
  /** A web or academic search result instead of a document chunk. */
  link?: import('../../../common/contract/index.js').SourceLink & { kind: 'web' | 'academic' };
}

export interface WritingTask {
  action: WritingAction;
  selection: string;
  question: string;
  translateLanguage?: string;
}

/** The one small interface every AI backend implements: stream the answer's text pieces. */
export interface AiProvider {
  readonly offline: boolean;
  stream(request: CompletionRequest): AsyncIterable<string>;
  /** Present when the provider offers embeddings: one vector per text, in order. */
  embed?(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}
