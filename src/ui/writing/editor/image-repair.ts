// An editor image whose address no longer opens (written before addresses carried their key, or the server's
// key changed) asks the server once for its current address and takes it: the owner's picture comes back, and
// the document keeps the new address from its next save. The server answers only a holder of the bytes.
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { WritingPaths } from '../../../../common/contract';

/** The image's current address, or null when the server will not give one. */
export type ImageUrlLookup = (md5: string) => Promise<string | null>;

const OWN_IMAGE = new RegExp(`^${WritingPaths.image}/([0-9a-f]{32})(?:\\?|$)`);

/** The md5 of one of this server's editor images, from an address as stored or as the browser resolved it. */
export function ownImageMd5(src: string | null | undefined): string | null {
  if (!src) return null;
  const path = src.startsWith('/')
    ? src
    : URL.canParse(src)
      ? new URL(src).pathname + new URL(src).search
      : '';
  return OWN_IMAGE.exec(path)?.[1] ?? null;
}

function replaceAddress(view: EditorView, md5: string, url: string) {
  const { tr } = view.state;
  view.state.doc.descendants((node, pos) => {
    if (node.type.name === 'image' && ownImageMd5(node.attrs.src) === md5 && node.attrs.src !== url)
      tr.setNodeMarkup(pos, undefined, { ...node.attrs, src: url });
  });
  // Not an edit of the user's to undo.
  if (tr.docChanged) view.dispatch(tr.setMeta('addToHistory', false));
}

export const ImageRepair = Extension.create<{ lookup: ImageUrlLookup | null }>({
  name: 'imageRepair',
  addOptions: () => ({ lookup: null }),
  addProseMirrorPlugins() {
    const lookup = this.options.lookup;
    if (!lookup) return [];
    return [
      new Plugin({
        key: new PluginKey('imageRepair'),
        view(view) {
          // One question per image and editor: an address the server gives that fails again is a real failure.
          const asked = new Set<string>();
          // An image's load error does not bubble: it is heard on the way down.
          const onError = (event: Event) => {
            const target = event.target;
            if (!(target instanceof HTMLImageElement)) return;
            const md5 = ownImageMd5(target.getAttribute('src'));
            if (!md5 || asked.has(md5)) return;
            asked.add(md5);
            void lookup(md5).then((url) => {
              if (url && !view.isDestroyed) replaceAddress(view, md5, url);
            });
          };
          view.dom.addEventListener('error', onError, true);
          return { destroy: () => view.dom.removeEventListener('error', onError, true) };
        },
      }),
    ];
  },
});
