// Headings get an id (and a table-of-contents id) and code blocks a uniqueId, assigned when missing or
// duplicated, so links to headings and the contents list stay stable while the text changes.
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

let counter = 0;
export const generateId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const RULES: Record<string, { attr: string; prefix: string; mirror?: string }> = {
  heading: { attr: 'id', prefix: 'heading', mirror: 'tocId' },
  codeBlock: { attr: 'uniqueId', prefix: 'codeBlock' },
};

const key = new PluginKey('uniqueIds');

export const UniqueIds = Extension.create({
  name: 'uniqueIds',
  onCreate() {
    // The loaded document may lack ids: one pass at start, then after every change.
    this.editor.view.dispatch(this.editor.state.tr.setMeta(key, 'init'));
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key,
        appendTransaction(transactions, _old, state) {
          if (!transactions.some((tr) => tr.docChanged || tr.getMeta(key))) return null;
          const seen = new Set<string>();
          const tr = state.tr;
          state.doc.descendants((node, pos) => {
            const rule = RULES[node.type.name];
            if (!rule) return node.isBlock && !node.isTextblock;
            const current = node.attrs[rule.attr] as string | null;
            if (current && !seen.has(current)) {
              seen.add(current);
              if (rule.mirror && node.attrs[rule.mirror] !== current)
                tr.setNodeMarkup(pos, undefined, { ...node.attrs, [rule.mirror]: current });
              return false;
            }
            const id = generateId(rule.prefix);
            seen.add(id);
            tr.setNodeMarkup(pos, undefined, {
              ...node.attrs,
              [rule.attr]: id,
              ...(rule.mirror ? { [rule.mirror]: id } : {}),
            });
            return false;
          });
          if (!tr.docChanged) return null;
          tr.setMeta('addToHistory', false);
          return tr;
        },
      }),
    ];
  },
});
