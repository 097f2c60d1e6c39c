// Cloudflare Turnstile, used instead of the proof of work when TURNSTILE_SECRET_KEY is set: the token is
// checked with the siteverify endpoint (form-encoded POST; answers { success, "error-codes" }).
import { ResponseCode } from '../../../common/contract/index.js';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { HumanCheckPass, SpentStore } from './spent.js';

const VERIFY_TIMEOUT_MS = 10_000;

interface SiteverifyAnswer {
  success?: boolean;
  'error-codes'?: string[];
}

export function createTurnstile(deps: {
  secretKey: string;
  verifyUrl: string;
  ttlSeconds: number;
  spent: SpentStore;
  logger: Logger;
}) {
  return {
    /** The pass of a token Cloudflare accepts (null if it refuses it); spending it refuses a replay. */
    async verify(token: string, ip: string): Promise<HumanCheckPass | null> {
      // Cloudflare's own limit on a response token.
      if (token.length > 2048) return null;
      const form = new URLSearchParams({ secret: deps.secretKey, response: token, remoteip: ip });
      let answer: SiteverifyAnswer;
      try {
        const response = await fetch(deps.verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        });
        answer = (await response.json()) as SiteverifyAnswer;
      } catch (error) {
        deps.logger.error({ err: error }, 'Turnstile siteverify is unreachable');
        throw new AppError(ResponseCode.ServerError, 'captcha.unavailable', { httpStatus: 500 });
      }
      if (answer.success !== true) {
        const codes = answer['error-codes'] ?? [];
        // A wrong secret is the operator's problem, not the visitor's: say so in the log.
        if (codes.some((code) => code.includes('secret')))
          deps.logger.error({ codes }, 'Turnstile refused the configured TURNSTILE_SECRET_KEY');
        return null;
      }
      // Cloudflare refuses a second use too; keeping our own record makes that hold without trusting it.
      return deps.spent.pass(`turnstile:${token}`, new Date(Date.now() + deps.ttlSeconds * 1000));
    },
  };
}
