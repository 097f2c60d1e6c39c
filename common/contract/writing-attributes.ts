// Which values the writing editor's node attributes may hold. The editor writes some of them into a style
// or a URL attribute (an image's width, a table column's width, an image's src), so a value that is not of
// its type could load any URL or restyle the page: the server refuses such a document and the editor
// draws the default instead. One copy of the rule for both sides.
import type { EditorJson } from './writing';

export const IMAGE_ALIGNS = ['left', 'center', 'right'] as const;

/** A CSS width or height: a plain number (pixels), or digits followed by `%` or `px`. Nothing else. */
export function cssLength(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? `${value}px` : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{1,6}(?:\.\d{1,8})?(?:%|px)?$/.test(text)) return null;
  return /[%x]$/.test(text) ? text : `${text}px`;
}

/** Image sources the editor shows: http(s), same-origin paths and local previews (blob:). */
export function safeEditorImageSrc(src: unknown): string | null {
  if (typeof src !== 'string') return null;
  const value = src.trim();
  if (/^(https?:|blob:)/i.test(value) || /^\/(?!\/)/.test(value)) return value;
  return null;
}

const isColumnWidths = (value: unknown) =>
  value === null ||
  (Array.isArray(value) &&
    value.length <= 1000 &&
    value.every((width) => width === null || (Number.isInteger(width) && width >= 0 && width <= 100_000)));

const isAlign = (value: unknown) => (IMAGE_ALIGNS as readonly unknown[]).includes(value);

type Check = { valid(value: unknown): boolean; fallback: unknown };
const present = (check: (value: unknown) => boolean) => (value: unknown) =>
  value === undefined || value === null || check(value);

/** Node type -> attribute -> its type check and the value drawn when the stored one fails it. */
const CHECKS: Record<string, Record<string, Check>> = {
  image: {
    src: { valid: present((v) => safeEditorImageSrc(v) !== null), fallback: null },
    width: { valid: present((v) => cssLength(v) !== null), fallback: '100%' },
    height: { valid: present((v) => cssLength(v) !== null), fallback: '100%' },
    align: { valid: present(isAlign), fallback: 'center' },
  },
  imageUpload: { src: { valid: present((v) => safeEditorImageSrc(v) !== null), fallback: null } },
  tableCell: { colwidth: { valid: present(isColumnWidths), fallback: null } },
  tableHeader: { colwidth: { valid: present(isColumnWidths), fallback: null } },
};

/** The first attribute of the document that is not of its type ("image.width"), or null. */
export function invalidNodeAttribute(node: EditorJson): string | null {
  const checks = CHECKS[node.type];
  if (checks && node.attrs) {
    for (const [name, check] of Object.entries(checks)) {
      if (!check.valid(node.attrs[name])) return `${node.type}.${name}`;
    }
  }
  for (const child of Array.isArray(node.content) ? node.content : []) {
    const found = invalidNodeAttribute(child);
    if (found) return found;
  }
  return null;
}

/** The document with every attribute that is not of its type replaced by its default (for drawing). */
export function withValidNodeAttributes(node: EditorJson): EditorJson {
  const checks = CHECKS[node.type];
  let attrs = node.attrs;
  if (checks && attrs) {
    const fixed = { ...attrs };
    for (const [name, check] of Object.entries(checks)) {
      if (!check.valid(fixed[name])) fixed[name] = check.fallback;
    }
    attrs = fixed;
  }
  const content = Array.isArray(node.content) ? node.content.map(withValidNodeAttributes) : node.content;
  return { ...node, ...(attrs ? { attrs } : {}), ...(content ? { content } : {}) };
}
