// Text as PostgreSQL can store it, for everything that arrives from outside (request bodies, parsed files).

/**
 * PostgreSQL's text and jsonb refuse U+0000 (the whole write fails), and a lone surrogate half is no
 * character at all. NUL carries nothing a reader sees, so it is dropped; a lone surrogate becomes U+FFFD.
 * Walks arrays and objects (keys too, since jsonb stores them).
 */
export function storableText<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '').toWellFormed() as T;
  if (Array.isArray(value)) return value.map(storableText) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storableText(item)]),
    ) as T;
  }
  return value;
}
