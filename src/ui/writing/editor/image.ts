// Images: width, height and alignment kept as data attributes; width by command clamped to 0..100 %, never
// drawn narrower than 32 px; inserted at the writing area's width minus 160 (800 when unknown).

import { InputRule, nodePasteRule } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TextSelection } from '@tiptap/pm/state';
import { cssLength, IMAGE_ALIGNS, safeEditorImageSrc } from '../../../../common/contract/writing-attributes';

export { safeEditorImageSrc };

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

const markdownImage = /!\[([^\]]*)\]\((\S+?)(?:\s+["'](.*?)["'])?\)/g;
/** `![alt](src "title")` just typed (the closing bracket is the key being pressed). */
const typedMarkdownImage = /(?:^|\s)(!\[([^\]]*)\]\((\S+?)(?:\s+["'](.*?)["'])?\))$/;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    writingImage: { setImageWidth: (pos: number, percent: number) => ReturnType };
  }
}

// Pasted HTML is read through the same type rule as stored documents, so a pasted value never reaches a style.
const dataAttribute = (name: string, fallback: string, valid: (value: string) => string | null) => ({
  default: fallback,
  parseHTML: (element: HTMLElement) => valid(element.getAttribute(`data-${name}`) ?? '') ?? fallback,
  renderHTML: (attributes: Record<string, string>) => ({
    [`data-${name}`]: valid(attributes[name]) ?? fallback,
  }),
});
const alignOf = (value: string) => ((IMAGE_ALIGNS as readonly string[]).includes(value) ? value : null);

export const WritingImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: {
        default: null,
        parseHTML: (element: HTMLElement) => safeEditorImageSrc(element.getAttribute('src')),
      },
      width: dataAttribute('width', '100%', cssLength),
      height: dataAttribute('height', '100%', cssLength),
      align: dataAttribute('align', 'center', alignOf),
    };
  },
  renderHTML({ HTMLAttributes }) {
    const src = safeEditorImageSrc(HTMLAttributes.src);
    return [
      'img',
      {
        ...HTMLAttributes,
        src: src ?? '',
        // Only a length of its type reaches the style, whatever the stored document holds.
        style: `width: ${cssLength(HTMLAttributes['data-width']) ?? '100%'}; min-width: ${IMAGE_MIN_WIDTH}px`,
        class: `writing-image align-${alignOf(HTMLAttributes['data-align']) ?? 'center'}`,
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
  // Typed markdown becomes a block image on its own line: the text typed for it goes away whole (tiptap's own
  // rule for block images left the closing ")" behind on a new line), and the cursor waits on the line below.
  addInputRules() {
    return [
      new InputRule({
        find: typedMarkdownImage,
        handler: ({ state, range, match }) => {
          const src = safeEditorImageSrc(match[3]);
          if (!src) return null;
          const { tr, schema } = state;
          const from = range.from + match[0].lastIndexOf(match[1]);
          tr.delete(from, range.to);
          const $at = tr.doc.resolve(from);
          const image = this.type.create({ src, alt: match[2] || null, title: match[4] ?? null });
          const line = schema.nodes.paragraph.create();
          if ($at.parent.content.size === 0) {
            tr.replaceWith($at.before(), $at.after(), [image, line]);
            tr.setSelection(TextSelection.create(tr.doc, $at.before() + image.nodeSize + 1));
          } else {
            tr.insert($at.after(), [image, line]);
            tr.setSelection(TextSelection.create(tr.doc, $at.after() + image.nodeSize + 1));
          }
        },
      }),
    ];
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
