// The link rule: only http, https, mailto, tel, relative and #anchor links are kept.
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['http', 'https'];

// Control characters and whitespace inside a scheme ("java\tscript:") are how filters are bypassed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]+/g;

/** The scheme of a URL as a browser could read it, or null for relative, #anchor and ?query URLs. */
function schemeOf(url: string): string | null {
  const compact = url.replace(INVISIBLE, '');
  const colon = compact.indexOf(':');
  // As in react-markdown's own rule: a colon after the first '/', '?' or '#' belongs to a relative URL.
  const firstDelimiter = compact.search(/[/?#]/);
  if (colon === -1 || (firstDelimiter !== -1 && firstDelimiter < colon)) return null;
  return compact.slice(0, colon).toLowerCase();
}

function keep(url: string, schemes: string[], allowRelative: boolean): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  const scheme = schemeOf(trimmed);
  if (scheme === null) return allowRelative ? trimmed : null;
  return schemes.includes(scheme) ? trimmed : null;
}

/** A link target that may be clicked, or null when the link must be shown as plain text. */
export const safeHref = (url: string) => keep(url, LINK_SCHEMES, true);

/** An image source: http(s) only, so an answer cannot embed data: or relative (same-origin) requests. */
export const safeImageSrc = (url: string) => keep(url, IMAGE_SCHEMES, false);

/** Links that leave the app (absolute http(s) or protocol-relative) open in a new tab. */
export const isExternal = (href: string) => /^(https?:)?\/\//i.test(href);
