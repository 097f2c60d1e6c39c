// Wire contract of risk control (the human check behind code 60001). Re-exported from contract.ts.
// The solved token travels in the Cf-Captcha-Token header (Headers.captchaToken) of the retried call.
import { Headers } from './wire';

export const CaptchaPaths = {
  /** A fresh challenge: an altcha proof of work, or the Turnstile site key when Turnstile is configured. */
  challenge: '/api/v1/captcha/challenge',
} as const;

/** altcha v2 challenge as made by altcha-lib (createChallenge); the client solves it, never edits it. */
export interface AltchaChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}

export type CaptchaChallenge =
  | {
      provider: 'altcha';
      challenge: AltchaChallenge;
      /** The solution's counter is at most this: a solver can show progress against it. */
      maxCounter: number;
    }
  | {
      provider: 'turnstile';
      siteKey: string;
      /** Cloudflare's widget script, loaded by the client only when this answer names it. */
      scriptUrl: string;
    };

/** An altcha token is base64 of this JSON (the altcha widget's v2 payload). */
export interface AltchaPayload {
  challenge: AltchaChallenge;
  solution: { counter: number; derivedKey: string; time?: number };
}

export const encodeAltchaPayload = (payload: AltchaPayload): string => btoa(JSON.stringify(payload));

/** The two sends that may need a human check: a chat message, and an Ask AI action in the writing editor. */
export type HumanCheckedSend = 'chat' | 'askAi';

/** A send carrying a writing selection or a writing template is an Ask AI send; any other is a chat send. */
export const humanCheckedSendOf = (request: {
  writingDocPromptTemplateId?: string | number;
  writingSelectionText?: string;
}): HumanCheckedSend =>
  request.writingDocPromptTemplateId === undefined && request.writingSelectionText === undefined
    ? 'chat'
    : 'askAi';

/**
 * Who proves they are human before a new answer is started: on chat sends every user without a paid plan;
 * on Ask AI sends those too, and Unlimited members (whose Ask AI is never counted). Other paid members never.
 */
export const sendNeedsHumanCheck = (
  user: { isPro: boolean; isUnlimited: boolean },
  send: HumanCheckedSend,
): boolean => !user.isPro || (send === 'askAi' && user.isUnlimited);

/** The header a send's token travels in: gtoken on chat sends, Cf-Captcha-Token on Ask AI sends (and retries). */
export const HUMAN_CHECK_HEADER = { chat: Headers.gtoken, askAi: Headers.captchaToken } as const;
