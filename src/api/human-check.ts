// The human check on chat and Ask AI sends, done quietly: users the server asks (see sendNeedsHumanCheck)
// get a proof of work solved in a worker while they type, so a send usually finds its token ready and
// otherwise waits only for the solve; no dialog. Turnstile needs its widget, so with Turnstile the send goes
// without and the 60001 retry (the bot-challenge dialog) handles it.
import { HUMAN_CHECK_HEADER, type HumanCheckedSend } from '../../common/contract';
import { solveAltcha } from '../workers/captcha';
import { captchaApi } from './captcha';
import { ApiError, apiHooks } from './http';

/** A token this close to its challenge's expiry is thrown away rather than refused by the server. */
const EXPIRY_MARGIN_S = 30;

interface SolvedToken {
  token: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** The one token being solved or kept ready; each token is good for one send. */
let next: Promise<SolvedToken | null> | null = null;

async function solveOne(): Promise<SolvedToken | null> {
  const challenge = await captchaApi.challenge();
  if (challenge.provider !== 'altcha') return null;
  const token = await solveAltcha(challenge.challenge, () => {});
  return { token, expiresAt: challenge.challenge.parameters.expiresAt ?? Number.POSITIVE_INFINITY };
}

function warm() {
  next ??= solveOne().catch(() => null);
}

const asked = (send: HumanCheckedSend) => apiHooks().needsHumanCheck?.(send) ?? false;

export const humanCheck = {
  /** The user began a message (typing, or opening Ask AI): start solving, if this user will be asked. */
  prepare(send: HumanCheckedSend) {
    if (asked(send)) warm();
  },

  /**
   * The header carrying a fresh token for a new answer, or none when this user is not asked or no token
   * could be made here (the server's 60001 then brings the dialog). The next token starts solving at once.
   */
  async headersFor(send: HumanCheckedSend, signal: AbortSignal): Promise<Record<string, string>> {
    if (!asked(send)) return {};
    for (let attempt = 0; attempt < 2; attempt++) {
      warm();
      const pending = next as Promise<SolvedToken | null>;
      next = null;
      const solved = await pending;
      if (signal.aborted) {
        // Not spent: keep it for the next send.
        if (solved) next ??= Promise.resolve(solved);
        throw new ApiError('cancelled', 'cancelled');
      }
      if (!solved) return {};
      if (solved.expiresAt - EXPIRY_MARGIN_S > Date.now() / 1000) {
        warm();
        return { [HUMAN_CHECK_HEADER[send]]: solved.token };
      }
    }
    return {};
  },
};
