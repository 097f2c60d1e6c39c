// Risk control: the human check behind code 60001. altcha proof of work by default, Turnstile when
// configured. Callers ask for a check with require(token, ip), which throws 60001 unless it passes;
// requireForSend applies the rule of who must pass it before a chat or Ask AI answer is started.
import { eq } from 'drizzle-orm';
import {
  type CaptchaChallenge,
  HUMAN_CHECK_HEADER,
  type HumanCheckedSend,
  sendNeedsHumanCheck,
} from '../../../common/contract/index.js';
import type { CaptchaConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import type { Caller } from '../auth/sessions.js';
import { toUserInfo } from '../user/user-info.js';
import { createAltcha } from './altcha.js';
import { loadOrCreateCaptchaSecrets } from './secrets.js';
import { createSpentStore, type HumanCheckPass, humanVerificationFailed } from './spent.js';
import { createTurnstile } from './turnstile.js';

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

  /** The pass of a genuine solution, not yet spent; a missing, forged or expired one is 60001. */
  async function verified(token: string | null | undefined, ip: string): Promise<HumanCheckPass> {
    const value = token?.trim();
    if (!value) throw humanVerificationFailed();
    const pass = turnstile ? await turnstile.verify(value, ip) : await altcha?.verify(value);
    if (!pass) throw humanVerificationFailed();
    return pass;
  }

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
      if (!(await spent.spend(await verified(token, ip)))) throw humanVerificationFailed();
    },

    /**
     * Before a new answer: users without a paid plan (and Unlimited members on Ask AI) pass the check with
     * the token in the send's header (gtoken on chat, Cf-Captcha-Token on Ask AI); a retry after 60001 may
     * carry it in the other header. Paid members are never asked. The plan is read from the database, never
     * from anything the client says. The genuine solution's pass is returned unspent (null: no check needed):
     * the chat start spends it in the statement that records its model call, and a replay is refused there.
     */
    async requireForSend(
      caller: Caller,
      send: HumanCheckedSend,
      header: (name: string) => string | undefined,
      ip: string,
      /** The caller's users row, when the caller has just read it (a chat start reads it once). */
      user?: typeof users.$inferSelect | undefined,
    ): Promise<HumanCheckPass | null> {
      const [row] = user
        ? [user]
        : await deps.db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
      if (row && !sendNeedsHumanCheck(toUserInfo(row), send)) return null;
      const other = send === 'chat' ? HUMAN_CHECK_HEADER.askAi : HUMAN_CHECK_HEADER.chat;
      const pass = await verified(header(HUMAN_CHECK_HEADER[send]) || header(other), ip);
      // Not in the chat start's way: a replay of an expired solution is refused by its expiry anyway.
      spent.pruneIfDue().catch((error) => deps.logger.warn({ err: error }, 'pruning spent checks failed'));
      return pass;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
