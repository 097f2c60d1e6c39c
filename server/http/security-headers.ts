// Security headers on every response (Hono's secureHeaders): a Content-Security-Policy that allows only
// what the built app loads, no framing by other sites, nosniff and a referrer policy.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config.js';

/** Client routes of a shared chat (optionally under a language prefix): the only pages an operator may let others embed. */
const SHARE_PAGE = /^\/(?:(?:en|ar|zh|es)\/)?share\//;

const originOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The third-party origins the app loads scripts and frames from, each only when its feature is configured. */
function thirdParties(config: Pick<Config, 'captcha' | 'oidc'>): string[] {
  const origins = new Set<string>();
  const turnstile = originOf(config.captcha.turnstile?.scriptUrl);
  if (turnstile) origins.add(turnstile);
  // Google one-tap loads accounts.google.com's script, frame and stylesheet (only with Google itself).
  if (config.oidc.google.clientId && originOf(config.oidc.google.issuer) === 'https://accounts.google.com')
    origins.add('https://accounts.google.com');
  return [...origins];
}

export function securityHeaders(
  config: Pick<Config, 'captcha' | 'oidc' | 'embedOrigins'>,
): MiddlewareHandler {
  const extra = thirdParties(config);
  const policy = (frameAncestors: string[]) => ({
    defaultSrc: ["'self'"],
    // hash-wasm (upload fingerprints) compiles WebAssembly in its worker; no eval otherwise.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...extra],
    // The editor, mermaid and the toast library write style attributes and <style> elements.
    styleSrc: ["'self'", "'unsafe-inline'", ...extra],
    // Pictures in writing documents may come from any web address; answers show outside pictures only
    // after the reader allows them (src/ui/markdown). Local previews are blob:, small icons data:.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'blob:', 'data:', ...extra],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", ...extra],
    mediaSrc: ["'self'", 'blob:', 'data:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors,
  });
  const common = {
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Sign-in and payment pages may open popups that talk back to this window.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    // Without includeSubDomains: an operator's other hosts under the same name are not this app's to bind.
    strictTransportSecurity: 'max-age=15552000',
  } as const;
  const everywhere = secureHeaders({
    ...common,
    contentSecurityPolicy: policy(["'none'"]),
    xFrameOptions: 'DENY',
  });
  if (config.embedOrigins.length === 0) return everywhere;
  // X-Frame-Options cannot name origins: embeddable share pages rely on frame-ancestors alone.
  const sharePages = secureHeaders({
    ...common,
    contentSecurityPolicy: policy(config.embedOrigins),
    xFrameOptions: false,
  });
  return (c, next) => (SHARE_PAGE.test(c.req.path) ? sharePages(c, next) : everywhere(c, next));
}
