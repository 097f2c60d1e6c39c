// Risk control: the human check behind code 60001. altcha proof of work by default, Turnstile when
// configured. Callers ask for a check with require(token, ip), which throws 60001 unless it passes.
import { type CaptchaChallenge, ResponseCode } from '../../../common/contract/index.js';
import type { CaptchaConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { createAltcha } from './altcha.js';
import { loadOrCreateCaptchaSecrets } from './secrets.js';
import { createSpentStore } from './spent.js';
import { createTurnstile } from './turnstile.js';

export const humanVerificationFailed = () =>
  new AppError(ResponseCode.HumanVerificationFailed, 'captcha.failed', { httpStatus: 403 });

export function createCaptcha(deps: {
  config: CaptchaConfig;
  db: Database;
  dataDir: string;
  logger: Logger;
}) {
  const { config } = deps;
  const spent = createSpentStore(deps.db);
  const turnstile = config.turnstile
    ? createTurnstile({ ...config.turnstile, ttlSeconds: config.ttlSeconds, spent, logger: deps.logger })
    : null;
  const altcha = turnstile
    ? null
    : createAltcha({
        secrets: loadOrCreateCaptchaSecrets(deps.dataDir),
        spent,
        cost: config.cost,
        maxCounter: config.maxCounter,
        ttlSeconds: config.ttlSeconds,
      });

  return {
    provider: turnstile ? ('turnstile' as const) : ('altcha' as const),

    async challenge(): Promise<CaptchaChallenge> {
      if (config.turnstile)
        return {
          provider: 'turnstile',
          siteKey: config.turnstile.siteKey,
          scriptUrl: config.turnstile.scriptUrl,
        };
      return (altcha as NonNullable<typeof altcha>).challenge();
    },

    /** Passes a genuine, unused solution; anything else (missing, forged, expired, replayed) is 60001. */
    async require(token: string | null | undefined, ip: string): Promise<void> {
      const value = token?.trim();
      if (!value) throw humanVerificationFailed();
      const passed = turnstile ? await turnstile.verify(value, ip) : await altcha?.verify(value);
      if (!passed) throw humanVerificationFailed();
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
