// Code block: plain text with a language (javascript by default) and a uniqueId; drawn by CodeMirror 6 in the
// browser (codemirror-view.ts). Creating one splits the current line first when it has text.
import { mergeAttributes, Node, type NodeViewRenderer, textblockTypeInputRule } from '@tiptap/core';

export const DEFAULT_CODE_LANGUAGE = 'javascript';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    writingCodeBlock: {
      /** Splits the line at the cursor when the block has text, then makes the new line a code block. */
      insertCodeBlock: (attributes?: { lang?: string }) => ReturnType;
      setCodeLanguage: (pos: number, lang: string) => ReturnType;
    };
  }
}

export const CodeBlock = Node.create<{ nodeView: NodeViewRenderer | null }>({
  name: 'codeBlock',
  group: 'block',
  content: 'text*',
  marks: '',
  code: true,
  defining: true,
  addOptions: () => ({ nodeView: null }),
  addAttributes() {
    return {
      lang: {
        default: DEFAULT_CODE_LANGUAGE,
        parseHTML: (element) =>
          element.getAttribute('data-lang') ||
          element.querySelector('code')?.className.match(/language-([\w+#-]+)/)?.[1] ||
          DEFAULT_CODE_LANGUAGE,
        renderHTML: (attributes) => ({ 'data-lang': attributes.lang }),
      },
      uniqueId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-unique-id'),
        renderHTML: (attributes) => (attributes.uniqueId ? { 'data-unique-id': attributes.uniqueId } : {}),
      },
    };
  },
  parseHTML: () => [{ tag: 'pre', preserveWhitespace: 'full' }],
  renderHTML({ node, HTMLAttributes }) {
    return ['pre', mergeAttributes(HTMLAttributes), ['code', { class: `language-${node.attrs.lang}` }, 0]];
  },
  addNodeView() {
    return this.options.nodeView;
  },
  addInputRules() {
    return [
      textblockTypeInputRule({
        find: /^```([\w+#-]+)?[\s\n]$/,
        type: this.type,
        getAttributes: (match) => ({ lang: match[1] || DEFAULT_CODE_LANGUAGE }),
      }),
    ];
  },
  addCommands() {
    return {
      insertCodeBlock:
        (attributes = {}) =>
        ({ state, chain }) => {
          const hasText = state.selection.$from.parent.textContent.length > 0;
          const run = chain();
          if (hasText) run.splitBlock();
          return run.setNode(this.name, { lang: attributes.lang ?? DEFAULT_CODE_LANGUAGE }).run();
        },
      setCodeLanguage:
        (pos, lang) =>
        ({ tr, state, dispatch }) => {
          const node = state.doc.nodeAt(pos);
          if (node?.type.name !== this.name) return false;
          if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, lang });
          return true;
        },
    };
  },
});
