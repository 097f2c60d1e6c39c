// Who may read the embedded dev mailbox (no SMTP configured): the operator with the token printed in the
// start-up log, or a browser on this machine, which sees only the mail its own requests sent.
import crypto from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { newId } from '../ids.js';
import type { AppEnv } from './context.js';

const VIEWER_COOKIE = 'parley_mailbox';
const VIEWER_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The binding of the asking browser to the mail its request sends (set on first use); null with SMTP. */
export function mailboxViewer(c: Context<AppEnv>): string | null {
  if (!c.get('services').mailer.devMailbox) return null;
  const existing = getCookie(c, VIEWER_COOKIE);
  if (existing && VIEWER_PATTERN.test(existing)) return existing;
  const viewer = newId();
  setCookie(c, VIEWER_COOKIE, viewer, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: 24 * 60 * 60,
  });
  return viewer;
}

const isLoopback = (address: string) =>
  /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1' || /^::ffff:127\.\d+\.\d+\.\d+$/i.test(address);

/** 'operator' sees every mail, 'browser' only its own; null: refused. */
export function mailboxAccess(
  c: Context<AppEnv>,
): { who: 'operator' } | { who: 'browser'; viewer: string | null } | null {
  const expected = c.get('services').mailer.operatorToken;
  const given = c.req.query('token');
  if (expected && given) {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (a.length === b.length && crypto.timingSafeEqual(a, b)) return { who: 'operator' };
  }
  // The socket's own address, never a forwarded one; and a request a proxy forwarded comes from anywhere,
  // even when the proxy itself runs on this machine.
  let socket = '';
  try {
    socket = getConnInfo(c).remote.address ?? '';
  } catch {}
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => c.req.header(h) !== undefined);
  if (!isLoopback(socket) || forwarded) return null;
  const viewer = getCookie(c, VIEWER_COOKIE);
  return { who: 'browser', viewer: viewer && VIEWER_PATTERN.test(viewer) ? viewer : null };
}
