// The spec's link rule: only http, https, mailto, tel, relative and #anchor links are kept.
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  // Control characters and whitespace inside a scheme ("java\tscript:") are how filters are bypassed.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = trimmed.replace(/[\u0000-\u001f\u007f\s]+/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (!scheme) return trimmed; // relative, #anchor, ?query
  return ALLOWED_SCHEMES.has(`${scheme.toLowerCase()}:`) ? trimmed : null;
}

export function safeImageSrc(url: string): string | null {
  const href = safeHref(url);
  return href && /^https?:/i.test(href) ? href : null;
}
