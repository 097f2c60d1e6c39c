// Callout: a box with a clickable emoji that holds one or more blocks.

import type { NodeViewRenderer } from '@tiptap/core';
import { mergeAttributes, Node } from '@tiptap/core';

export const DEFAULT_CALLOUT_EMOJI = '📌';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    callout: {
      insertCallout: () => ReturnType;
      setCalloutEmoji: (pos: number, emoji: string) => ReturnType;
    };
  }
}

export const Callout = Node.create<{ nodeView: NodeViewRenderer | null }>({
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  addOptions: () => ({ nodeView: null }),
  addAttributes() {
    return {
      emoji: {
        default: DEFAULT_CALLOUT_EMOJI,
        parseHTML: (element) => element.getAttribute('data-emoji') || DEFAULT_CALLOUT_EMOJI,
        renderHTML: (attributes) => ({ 'data-emoji': attributes.emoji }),
      },
    };
  },
  parseHTML: () => [{ tag: 'div[data-type="callout"]' }],
  renderHTML({ HTMLAttributes, node }) {
    return [
      'div',
      mergeAttributes(HTMLAttributes, { 'data-type': 'callout', class: 'callout' }),
      ['span', { class: 'callout-emoji', contenteditable: 'false' }, node.attrs.emoji],
      ['div', { class: 'callout-content' }, 0],
    ];
  },
  addNodeView() {
    return this.options.nodeView;
  },
  addCommands() {
    return {
      insertCallout:
        () =>
        ({ commands }) =>
          commands.wrapIn(this.name),
      setCalloutEmoji:
        (pos, emoji) =>
        ({ tr, state, dispatch }) => {
          const node = state.doc.nodeAt(pos);
          if (node?.type.name !== this.name) return false;
          if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, emoji });
          return true;
        },
    };
  },
});
