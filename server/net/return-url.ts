// Return addresses a client hands the server (after checkout, from the billing portal): the browser is
// only ever sent back to this app.

/**
 * `raw` read by the WHATWG URL parser against the app's origin, as a path on that origin; anything that
 * parses to another origin (`//host`, `/\host`, `/\t/host`, `https://other`, `javascript:`) becomes `/`.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string): string {
  if (!raw) return '/';
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  // A path like '/.//host' parses to '//host', which a browser would read as another host.
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
}
