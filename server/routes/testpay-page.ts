// The frame of the test provider's hosted pages (card checkout, 3-D Secure, wallet approval): one small
// stylesheet, the "no real money" note, the language Parley named in the link (?lang=) and RTL for Arabic.
import type { Context } from 'hono';
import { html } from 'hono/html';
import { formatMoney } from '../../common/contract/index.js';
import type { AppEnv } from '../http/context.js';
import { sameOriginPath } from '../net/return-url.js';
import type { TestpayProvider } from '../providers/payments/testpay.js';
import { type PageStrings, pageStrings } from './testpay-strings.js';

export const page = (c: Context<AppEnv>, title: string, body: ReturnType<typeof html>) => {
  const { lang, s } = pageStrings(c.req.query('lang'));
  return html`<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:440px;margin:48px auto;padding:0 16px;color:#1f2328}
h1{font-size:20px}.box{border:1px solid #d0d7de;border-radius:8px;padding:16px;margin:16px 0}
input{width:100%;box-sizing:border-box;padding:8px;font-size:16px;margin:6px 0 12px}
button{padding:10px 16px;font-size:15px;border-radius:6px;border:0;background:#0969da;color:#fff;cursor:pointer;margin-inline-end:8px}
button.secondary{background:#eaeef2;color:#1f2328}.error{color:#cf222e}.muted{color:#57606a;font-size:13px}
code{background:#f6f8fa;padding:1px 4px}</style></head><body>
<p class="muted">${s.note}</p>${body}</body></html>`;
};

export const strings = (c: Context<AppEnv>): PageStrings => pageStrings(c.req.query('lang')).s;
export const langQuery = (c: Context<AppEnv>) => `?lang=${pageStrings(c.req.query('lang')).lang}`;

/** The test provider's card face ('testpay') or wallet face ('testwallet'), when this server offers it. */
export function testProvider(c: Context<AppEnv>, name: 'testpay' | 'testwallet'): TestpayProvider | null {
  const found = c.get('services').billing.providerByName(name);
  return found && 'session' in found ? (found as TestpayProvider) : null;
}

export function withParams(url: string, params: Record<string, string>) {
  const target = new URL(url, 'http://relative.invalid');
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return url.startsWith('/') ? `${target.pathname}${target.search}` : target.toString();
}

/** The amount the page charges, written as Parley's plans show it in the page's language (the same formatMoney). */
export const price = (c: Context<AppEnv>, cents: number, currency: string) =>
  formatMoney(cents, currency, pageStrings(c.req.query('lang')).lang);

/** Where a page may send the browser back to: only this app (rows stored before return addresses were
 * checked may hold anything). */
export function backTo(c: Context<AppEnv>, url: string): string {
  const base = c.get('services').config.publicBaseUrl;
  const origin = base ? new URL(base).origin : new URL(c.req.url).origin;
  const path = sameOriginPath(url, origin);
  // An absolute address stays absolute (on this origin), a path stays a path.
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? `${origin}${path}` : path;
}

/** A hosted checkout pays for someone's account; like a provider's checkout session its link lasts a day. */
const CHECKOUT_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const checkoutExpired = (session: { kind: string; status: string; createdAt: Date }) =>
  session.kind === 'checkout' &&
  session.status !== 'succeeded' &&
  Date.now() - session.createdAt.getTime() > CHECKOUT_LINK_TTL_MS;
