// Every JSON call goes through here: the header set, the {code,msg,data} envelope (success only when
// code is 200) and the reactions to 401, 40001, 20001 and 60001.
import {
  APP_NAME,
  type DeviceInfo,
  type Envelope,
  Headers,
  type HumanCheckedSend,
  type Language,
  ResponseCode,
} from '../../common/contract';
import { tokenStore, webId } from './storage';

export interface UpgradePrompt {
  message: string;
  source: string;
  shortMessage: string;
}

/** What the app does with the reactions; installed once by the root actor system. */
export interface ApiHooks {
  language(): Language;
  /**
   * HTTP 401; alertsSuppressed when the call asked for no alerts (then no login modal either). sentToken is
   * the token the call carried (null: none; undefined: not known to the caller).
   */
  onUnauthorized(options: { alertsSuppressed: boolean; sentToken?: string | null }): void;
  onForbidden(): void;
  onUpgradeRequired(prompt: UpgradePrompt): void;
  onErrorToast(message: string): void;
  /** Solves a human check and answers its token (60001); absent means no captcha is available. */
  captchaToken?(): Promise<string>;
  /** Whether the current user must send a human-check token with a new answer of this kind. */
  needsHumanCheck?(send: HumanCheckedSend): boolean;
}

let hooks: ApiHooks = {
  language: () => 'en',
  onUnauthorized: () => {},
  onForbidden: () => {},
  onUpgradeRequired: () => {},
  onErrorToast: () => {},
};
export const configureApi = (next: ApiHooks) => {
  hooks = next;
};
export const apiHooks = () => hooks;

export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'cancelled';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number | null = null,
    readonly httpStatus: number | null = null,
    readonly envelope: Envelope<unknown> | null = null,
  ) {
    super(message);
  }
  /** The server answered and refused: retrying the same call will not help. */
  get refused() {
    return this.kind === 'envelope' || (this.kind === 'http' && (this.httpStatus ?? 0) < 500);
  }
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** No error toast (the caller shows its own, or the call is background work). */
  suppressAlert?: boolean;
  noAuth?: boolean;
  /** Skip the upgrade prompt for 20001 (unless the user is on a trial). */
  noPayModal?: boolean;
  extraHeaders?: Record<string, string>;
  /**
   * The response to this very request, already asked for with these headers and this token (by the boot
   * script, src/api/boot-chat.ts): read instead of fetching; a human check's retry fetches as usual.
   */
  asked?: { response: Promise<Response>; token: string };
}

export function requestHeaders(
  options: Pick<RequestOptions, 'noAuth' | 'extraHeaders'> = {},
): Record<string, string> {
  const device: DeviceInfo = { webId: webId(), browserLanguage: navigator.language };
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [Headers.language]: hooks.language(),
    [Headers.popUrl]: location.href,
    [Headers.appName]: APP_NAME,
    [Headers.deviceInfo]: JSON.stringify(device),
    ...options.extraHeaders,
  };
  const token = tokenStore.current();
  if (token && !options.noAuth) headers[Headers.authorization] = token;
  return headers;
}

/** Applies the reaction to a failed envelope or HTTP status; answers the error to throw. */
export function react(
  error: ApiError,
  options: Pick<RequestOptions, 'suppressAlert' | 'noPayModal'> & { sentToken?: string | null } = {},
): ApiError {
  if (error.httpStatus === 401) {
    hooks.onUnauthorized({ alertsSuppressed: options.suppressAlert === true, sentToken: options.sentToken });
    return error;
  }
  if (error.code === ResponseCode.InterfaceForbidden) {
    hooks.onForbidden();
    return error;
  }
  if (error.code === ResponseCode.UsageExceedsLimit && !options.noPayModal) {
    hooks.onUpgradeRequired({
      message: error.message,
      source: error.envelope?.source ?? '',
      shortMessage: error.envelope?.shortMessage ?? '',
    });
    return error;
  }
  if (
    !options.suppressAlert &&
    error.kind !== 'cancelled' &&
    error.code !== ResponseCode.HumanVerificationFailed
  ) {
    hooks.onErrorToast(error.message);
  }
  return error;
}

export async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  try {
    const body = (await response.json()) as Envelope<unknown>;
    return typeof body?.code === 'number' ? body : null;
  } catch {
    return null;
  }
}

/** How long a request refused for want of a session waits for the first visit's guest session. */
const SESSION_WAIT_MS = 10_000;

export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  let sentToken: string | null = null;
  let waitedForSession = false;
  const send = async (captcha?: string, fresh = false): Promise<T> => {
    const headers = requestHeaders({
      noAuth: options.noAuth,
      extraHeaders: { ...options.extraHeaders, ...(captcha ? { [Headers.captchaToken]: captcha } : {}) },
    });
    sentToken = headers[Headers.authorization] ?? null;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const asked = captcha || fresh ? undefined : options.asked;
    if (asked) sentToken = asked.token;
    let response: Response;
    try {
      response = asked
        ? await asked.response
        : await fetch(url, {
            method,
            headers,
            body: options.body === undefined ? undefined : JSON.stringify(options.body),
            credentials: 'include',
            signal: options.signal,
          });
    } catch (cause) {
      if (options.signal?.aborted) throw new ApiError('cancelled', 'cancelled');
      throw new ApiError('network', cause instanceof Error ? cause.message : 'Network error');
    }
    // A first visit's early requests (a chat or a presentation opened from a link) can leave before its guest
    // session exists; refused for that, each is sent again once the session is here. Answered as a refusal,
    // the chat page drew an empty chat whose first question then failed, and the presentation said "log in".
    if (response.status === 401 && sentToken === null && !options.noAuth && !waitedForSession) {
      waitedForSession = true;
      if (await tokenStore.arrival(SESSION_WAIT_MS)) return send(captcha, true);
    }
    const envelope = await readEnvelope(response);
    if (response.ok && envelope?.code === ResponseCode.Success) return envelope.data as T;
    if (envelope?.code === ResponseCode.HumanVerificationFailed && !captcha && hooks.captchaToken) {
      return send(await hooks.captchaToken());
    }
    const error = envelope
      ? new ApiError('envelope', envelope.msg, envelope.code, response.status, envelope)
      : new ApiError('http', response.statusText || `HTTP ${response.status}`, null, response.status);
    throw react(error, { ...options, sentToken });
  };
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'cancelled'))
      throw react(error, { ...options, sentToken });
    throw error;
  }
}

/** Bytes a same-origin path answers to the caller (pictures drawn from blob URLs: <img src> sends no token). */
export async function requestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(new URL(path, location.origin), {
      headers: requestHeaders(),
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw new ApiError('cancelled', 'cancelled');
    throw new ApiError('network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok)
    throw new ApiError('http', response.statusText || `HTTP ${response.status}`, null, response.status);
  return response.blob();
}
