// A pasted full URL becomes a link whose text is then replaced by the page title (looked up by the server);
// links with a javascript: (or any non-web) scheme never become links.
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { safeHref } from '../../markdown/safe-url';

export type TitleLookup = (url: string) => Promise<string | null>;

export function isPastedWebUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** After the lookup: the link text becomes the title, if the user has not changed that link meanwhile. */
function applyTitle(view: EditorView, url: string, from: number, title: string) {
  const { state } = view;
  const linkType = state.schema.marks.link;
  const to = from + url.length;
  if (to > state.doc.content.size || state.doc.textBetween(from, to) !== url) return;
  const $from = state.doc.resolve(from + 1);
  const mark = $from.marks().find((m) => m.type === linkType && m.attrs.href === url);
  if (!mark) return;
  const tr = state.tr.insertText(title, from, to);
  tr.addMark(from, from + title.length, linkType.create({ href: url, title }));
  view.dispatch(tr.setMeta('addToHistory', false));
}

export const LinkPaste = Extension.create<{ lookupTitle: TitleLookup | null }>({
  name: 'linkPaste',
  addOptions: () => ({ lookupTitle: null }),
  addProseMirrorPlugins() {
    const lookup = this.options.lookupTitle;
    return [
      new Plugin({
        key: new PluginKey('linkPaste'),
        props: {
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData('text/plain')?.trim() ?? '';
            if (!text || /\s/.test(text)) return false;
            if (view.state.selection.$from.parent.type.spec.code) return false;
            const linkType = view.state.schema.marks.link;
            if (isPastedWebUrl(text) && safeHref(text)) {
              const from = view.state.selection.from;
              const tr = view.state.tr.replaceSelectionWith(
                view.state.schema.text(text, [linkType.create({ href: text })]),
                false,
              );
              view.dispatch(tr);
              void lookup?.(text).then((title) => {
                if (title && !view.isDestroyed) applyTitle(view, text, from, title);
              });
              return true;
            }
            if (/^[a-z][\w+.-]*:/i.test(text) && !safeHref(text)) {
              // A script or other unsafe scheme is kept as plain text, never as a link.
              view.dispatch(view.state.tr.insertText(text).removeStoredMark(linkType));
              return true;
            }
            return false;
          },
        },
      }),
    ];
  },
});
