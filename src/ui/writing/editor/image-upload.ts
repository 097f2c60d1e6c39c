// The image-upload block: a placeholder at the cursor while the file is hashed and uploaded, then replaced
// by the image; removed on failure; nothing is inserted when the placeholder was deleted meanwhile.

import type { Editor } from '@tiptap/core';
import { mergeAttributes, Node, type NodeViewRenderer } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { ACCEPTED_IMAGE_TYPES, insertWidthPercent } from './image';
import { generateId } from './unique-ids';

export const ImageUpload = Node.create<{ nodeView: NodeViewRenderer | null }>({
  name: 'imageUpload',
  group: 'block',
  atom: true,
  addOptions: () => ({ nodeView: null }),
  addAttributes: () => ({
    src: { default: null },
    alt: { default: null },
    title: { default: null },
    uploadId: { default: null, rendered: false },
  }),
  parseHTML: () => [{ tag: 'div[data-type="image-upload"]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    mergeAttributes(
      { 'data-type': 'image-upload', class: 'image-upload' },
      { 'data-alt': HTMLAttributes.alt ?? '' },
    ),
  ],
  addNodeView() {
    return this.options.nodeView;
  },
});

function findUpload(editor: Editor, uploadId: string): number | null {
  let found: number | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found !== null) return false;
    if (node.type.name === 'imageUpload' && node.attrs.uploadId === uploadId) {
      found = pos;
      return false;
    }
    return node.isBlock && !node.isTextblock;
  });
  return found;
}

export type UploadImage = (file: File) => Promise<string>;

export class UnsupportedImageError extends Error {}

/** Inserts the placeholder, uploads, then swaps in the image. Answers false when nothing was inserted. */
export async function uploadImageInto(
  editor: Editor,
  file: File,
  upload: UploadImage,
  areaWidth: number | null,
): Promise<boolean> {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) throw new UnsupportedImageError(file.type);
  const uploadId = generateId('upload');
  const preview = URL.createObjectURL(file);
  editor
    .chain()
    .focus()
    .deleteSelection()
    .insertContent({ type: 'imageUpload', attrs: { src: preview, alt: file.name, uploadId } })
    .run();
  try {
    const [src, naturalWidth] = await Promise.all([upload(file), naturalWidthOf(preview)]);
    const pos = findUpload(editor, uploadId);
    if (pos === null || editor.isDestroyed) return false;
    const width = `${insertWidthPercent(naturalWidth, areaWidth)}%`;
    editor
      .chain()
      .command(({ tr, state }) => {
        // Where the placeholder itself was selected, the finished image would be too, and the next key or
        // paste would replace it: the cursor goes to the line after the image instead.
        const wasSelected = state.selection instanceof NodeSelection && state.selection.from === pos;
        const image = state.schema.nodes.image.create({ src, alt: file.name, width });
        tr.replaceWith(pos, pos + 1, image);
        if (wasSelected) {
          const after = pos + image.nodeSize;
          if (!tr.doc.resolve(after).nodeAfter?.isTextblock)
            tr.insert(after, state.schema.nodes.paragraph.create());
          tr.setSelection(TextSelection.create(tr.doc, after + 1));
        }
        return true;
      })
      .run();
    return true;
  } catch (error) {
    const pos = findUpload(editor, uploadId);
    if (pos !== null && !editor.isDestroyed)
      editor
        .chain()
        .command(({ tr }) => {
          tr.delete(pos, pos + 1);
          return true;
        })
        .run();
    throw error;
  } finally {
    URL.revokeObjectURL(preview);
  }
}

function naturalWidthOf(src: string): Promise<number> {
  return new Promise((resolve) => {
    if (typeof Image === 'undefined') return resolve(0);
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth);
    image.onerror = () => resolve(0);
    image.src = src;
  });
}
