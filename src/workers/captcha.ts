// The comlink facade of the proof-of-work worker: one worker per solve, ended when it is done or aborted.
import { type AltchaChallenge, type AltchaPayload, encodeAltchaPayload } from '../../common/contract';
import type { CaptchaSolver } from './captcha.worker';

/** Answers the Cf-Captcha-Token for a solved challenge; onProgress gets the tries made so far. */
export async function solveAltcha(
  challenge: AltchaChallenge,
  onProgress: (tries: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  // comlink comes with the first challenge: most visits never get one.
  const { proxy, wrap } = await import('comlink');
  const worker = new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' });
  let onAbort = () => {};
  // A terminated worker never answers, so an abort must settle the wait itself.
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const solution: AltchaPayload['solution'] | null = await Promise.race([
      wrap<CaptchaSolver>(worker).solve(challenge, proxy(onProgress)),
      aborted,
    ]);
    if (!solution) throw new Error('unsolved');
    return encodeAltchaPayload({ challenge, solution });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    worker.terminate();
  }
}
