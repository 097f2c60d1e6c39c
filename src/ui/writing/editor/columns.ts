// A two-column layout: columns holds exactly two column nodes, each holding blocks.
import { mergeAttributes, Node } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    columns: { insertColumns: () => ReturnType };
  }
}

export const Column = Node.create({
  name: 'column',
  content: 'block+',
  isolating: true,
  parseHTML: () => [{ tag: 'div[data-type="column"]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { 'data-type': 'column', class: 'column' }),
    0,
  ],
});

export const Columns = Node.create({
  name: 'columns',
  group: 'block',
  content: 'column{2}',
  defining: true,
  isolating: true,
  parseHTML: () => [{ tag: 'div[data-type="columns"]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { 'data-type': 'columns', class: 'columns' }),
    0,
  ],
  addCommands() {
    return {
      insertColumns:
        () =>
        ({ chain }) =>
          chain()
            .insertContent({
              type: 'columns',
              content: [
                { type: 'column', content: [{ type: 'paragraph' }] },
                { type: 'column', content: [{ type: 'paragraph' }] },
              ],
            })
            .run(),
    };
  },
});

/** Whether the selection sits inside a column (where nested layouts and big blocks are not offered). */
export function isInsideColumns(state: {
  selection: { $from: { depth: number; node(depth: number): { type: { name: string } } } };
}) {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type.name === 'column') return true;
  return false;
}
