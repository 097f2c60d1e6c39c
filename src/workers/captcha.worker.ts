// Solves the altcha proof of work off the main thread, reporting how many tries it has made.
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/web/sha';
import { expose } from 'comlink';
import type { AltchaChallenge, AltchaPayload } from '../../common/contract';

const PROGRESS_EVERY_MS = 100;
const SOLVE_TIMEOUT_MS = 120_000;

const solver = {
  async solve(
    challenge: AltchaChallenge,
    onProgress: (tries: number) => void,
  ): Promise<AltchaPayload['solution'] | null> {
    const base = challenge.parameters.algorithm.startsWith('PBKDF2/') ? pbkdf2 : sha;
    let tries = 0;
    let reportedAt = 0;
    return solveChallenge({
      challenge: challenge as Challenge,
      timeout: SOLVE_TIMEOUT_MS,
      deriveKey: (parameters, salt, password) => {
        tries++;
        const now = performance.now();
        if (now - reportedAt > PROGRESS_EVERY_MS) {
          reportedAt = now;
          onProgress(tries);
        }
        return base(parameters, salt, password);
      },
    });
  },
};
export type CaptchaSolver = typeof solver;
expose(solver);
