// What the billing actors tell the user, as values: a translation key (with its values) or the server's own
// words. The actors emit them; one listener in the UI translates them and shows the toast.
import { ApiError } from '../../api/http';

export type Message = { key: string; values?: Record<string, string | number> } | { text: string };

/** A toast to show: success, a neutral word, or a failure. */
export type BillingNotice = { type: 'notice'; tone: 'success' | 'info' | 'error'; message: Message };

export const notice = (tone: BillingNotice['tone'], message: Message): BillingNotice => ({
  type: 'notice',
  tone,
  message,
});

/** A refusal says the server's words (already in the user's language); anything else is a network error. */
export const messageOf = (error: unknown): Message =>
  error instanceof ApiError ? { text: error.message } : { key: 'billing.networkError' };
