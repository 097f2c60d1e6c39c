// Images: width, height and alignment kept as data attributes; width by command clamped to 0..100 %, never
// drawn narrower than 32 px; inserted at the writing area's width minus 160 (800 when unknown).

import { nodePasteRule } from '@tiptap/core';
import Image from '@tiptap/extension-image';

export const IMAGE_MIN_WIDTH = 32;
export const CONTENT_WIDTH_OFFSET = 160;
export const DEFAULT_CONTENT_WIDTH = 800;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg'];

export const clampPercent = (value: number) =>
  Math.min(100, Math.max(0, Number.isFinite(value) ? value : 100));

/** The width an image is inserted at, as a percentage of the writing column. */
export function insertWidthPercent(naturalWidth: number, areaWidth: number | null): number {
  const limit =
    areaWidth && areaWidth > CONTENT_WIDTH_OFFSET ? areaWidth - CONTENT_WIDTH_OFFSET : DEFAULT_CONTENT_WIDTH;
  const pixels = Math.max(IMAGE_MIN_WIDTH, Math.min(naturalWidth || limit, limit));
  return Math.round(clampPercent((pixels / limit) * 100) * 100) / 100;
}

/** Image sources the editor shows: http(s), same-origin paths and local previews (blob:). */
export function safeEditorImageSrc(src: unknown): string | null {
  if (typeof src !== 'string') return null;
  const value = src.trim();
  if (/^(https?:|blob:)/i.test(value) || /^\/(?!\/)/.test(value)) return value;
  return null;
}

const markdownImage = /!\[([^\]]*)\]\((\S+?)(?:\s+["'](.*?)["'])?\)/g;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    writingImage: { setImageWidth: (pos: number, percent: number) => ReturnType };
  }
}

const dataAttribute = (name: string, fallback: string) => ({
  default: fallback,
  parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`) ?? fallback,
  renderHTML: (attributes: Record<string, string>) => ({ [`data-${name}`]: attributes[name] }),
});

export const WritingImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: {
        default: null,
        parseHTML: (element: HTMLElement) => safeEditorImageSrc(element.getAttribute('src')),
      },
      width: dataAttribute('width', '100%'),
      height: dataAttribute('height', '100%'),
      align: dataAttribute('align', 'center'),
    };
  },
  renderHTML({ HTMLAttributes }) {
    const src = safeEditorImageSrc(HTMLAttributes.src);
    return [
      'img',
      {
        ...HTMLAttributes,
        src: src ?? '',
        style: `width: ${HTMLAttributes['data-width'] ?? '100%'}; min-width: ${IMAGE_MIN_WIDTH}px`,
        class: `writing-image align-${HTMLAttributes['data-align'] ?? 'center'}`,
      },
    ];
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setImageWidth:
        (pos: number, percent: number) =>
        ({ tr, state, dispatch }) => {
          const node = state.doc.nodeAt(pos);
          if (node?.type.name !== this.name) return false;
          if (dispatch)
            tr.setNodeMarkup(pos, undefined, { ...node.attrs, width: `${clampPercent(percent)}%` });
          return true;
        },
    };
  },
  addPasteRules() {
    return [
      nodePasteRule({
        find: markdownImage,
        type: this.type,
        getAttributes: (match) => {
          const src = safeEditorImageSrc(match[2]);
          return src ? { alt: match[1], src, title: match[3] } : false;
        },
      }),
    ];
  },
}).configure({ inline: false, allowBase64: false });
