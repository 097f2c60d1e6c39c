// Request headers parsed once per request, and the typed Hono environment every route shares.

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import {
  DEFAULT_LANGUAGE,
  type DeviceInfo,
  type Envelope,
  Headers,
  isLanguage,
  type Language,
  ResponseCode,
} from '../../common/contract/index.js';
import type { users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { translate } from '../messages/index.js';
import type { Caller } from '../services/auth/sessions.js';
import type { Services } from '../services/index.js';

export interface RequestInfo {
  token: string | null;
  language: Language;
  popUrl: string | null;
  appName: string | null;
  deviceInfo: DeviceInfo | null;
  ip: string;
}

export interface AppEnv {
  Variables: {
    info: RequestInfo;
    services: Services;
    caller: Caller | null;
    /** The caller's users row as read with its session, at the start of this request. */
    callerUser: typeof users.$inferSelect | null;
    /** A chat send only: resolves once caller and callerUser are set (the session is read meanwhile). */
    sessionRead?: Promise<void>;
  };
}

function parseDeviceInfo(raw: string | undefined): DeviceInfo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DeviceInfo>;
    return typeof value.webId === 'string' ? (value as DeviceInfo) : null;
  } catch {
    return null;
  }
}

function languageFrom(raw: string | undefined): Language {
  const base = raw?.trim().slice(0, 2).toLowerCase();
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

export function readRequestInfo(c: Context, trustProxy = false): RequestInfo {
  const auth = c.req.header(Headers.authorization)?.trim() ?? '';
  const token = auth.replace(/^Bearer\s+/i, '') || null;
  let ip = '127.0.0.1';
  try {
    ip = getConnInfo(c).remote.address ?? ip;
  } catch {
    // Requests made in-process (app.request in tests) have no socket.
  }
  const forwarded = trustProxy ? c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() : undefined;
  if (forwarded) ip = forwarded;
  return {
    token,
    language: languageFrom(c.req.header(Headers.language)),
    popUrl: c.req.header(Headers.popUrl) ?? null,
    appName: c.req.header(Headers.appName) ?? null,
    deviceInfo: parseDeviceInfo(c.req.header(Headers.deviceInfo)),
    ip,
  };
}

export function ok<T>(c: Context<AppEnv>, data: T) {
  return c.json({ code: ResponseCode.Success, msg: 'success', data } satisfies Envelope<T>);
}

export function errorEnvelope(c: Context<AppEnv>, error: AppError) {
  const language = c.get('info')?.language ?? DEFAULT_LANGUAGE;
  const msg = translate(language, error.messageKey, error.options.params);
  const body: Envelope<null> = { code: error.code, msg, data: null };
  if (error.options.source) body.source = error.options.source;
  if (error.options.shortMessage) body.shortMessage = error.options.shortMessage;
  if (error.options.final) body.final = true;
  return c.json(body, error.options.httpStatus ?? 200);
}

export function requireCaller(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw new AppError(ResponseCode.BadRequest, 'auth.required', { httpStatus: 401 });
  return caller;
}
