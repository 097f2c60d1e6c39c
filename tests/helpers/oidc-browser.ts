// What a browser does during an OIDC login, over plain HTTP: a cookie jar (cookies ignore ports, as in a
// browser), redirects followed by hand, and the provider's real login and consent forms filled in.
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  has(name: string) {
    return this.cookies.has(name);
  }
}

export interface Hop {
  url: string;
  response: Response;
  body: string;
}

/** Follows redirects until a page answers, or until the browser is sent to `stopAt` (Parley). */
export async function browse(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
  stopAt?: string,
): Promise<Hop> {
  let current = url;
  let method = init.method ?? 'GET';
  let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
  for (let hops = 0; hops < 20; hops++) {
    const headers: Record<string, string> = { cookie: jar.header() };
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(current, { method, headers, body, redirect: 'manual' });
    jar.take(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, current).href;
      method = 'GET';
      body = undefined;
      if (stopAt && current.startsWith(stopAt)) return { url: current, response, body: '' };
      continue;
    }
    return { url: current, response, body: await response.text() };
  }
  throw new Error('too many redirects');
}

/** The first form of a page: where it posts and its hidden fields. */
export function readForm(page: Hop): { action: string; fields: Record<string, string> } {
  const action = page.body.match(/<form[^>]*action="([^"]+)"/)?.[1];
  if (!action) throw new Error(`no form on ${page.url}: ${page.body.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const input of page.body.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = input[0].match(/name="([^"]+)"/)?.[1];
    const value = input[0].match(/value="([^"]*)"/)?.[1] ?? '';
    if (name) fields[name] = value.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return { action: new URL(action.replace(/&amp;/g, '&'), page.url).href, fields };
}

/**
 * Logs in at the provider's real pages (login name = email, then consent) starting from its authorization
 * URL; answers the URL the provider finally sends the browser to at Parley (Apple: after its form post).
 */
export async function signInAtProvider(
  jar: CookieJar,
  authorizationUrl: string,
  email: string,
  parleyUrl: string,
) {
  let page = await browse(jar, authorizationUrl, {}, parleyUrl);
  for (let step = 0; step < 4 && !page.url.startsWith(parleyUrl); step++) {
    const form = readForm(page);
    if (form.action.startsWith(parleyUrl)) {
      // response_mode=form_post: the provider's page posts the code to Parley, which redirects once.
      const posted = await browse(jar, form.action, { method: 'POST', form: form.fields }, parleyUrl);
      return posted.url;
    }
    const fields =
      form.fields.prompt === 'login' ? { ...form.fields, login: email, password: 'any' } : form.fields;
    page = await browse(jar, form.action, { method: 'POST', form: fields }, parleyUrl);
  }
  if (!page.url.startsWith(parleyUrl)) throw new Error(`login did not return to Parley: ${page.url}`);
  return page.url;
}
