// Grips on the table's edges: the one above a column selects the column, the one before a row selects the row.
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { CellSelection, TableMap } from '@tiptap/pm/tables';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';

function grip(kind: 'row' | 'column', label: string, select: (view: EditorView) => void) {
  return (view: EditorView) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `table-grip table-grip-${kind}`;
    button.setAttribute('aria-label', label);
    button.setAttribute('contenteditable', 'false');
    button.dataset.testid = `table-grip-${kind}`;
    button.addEventListener('mousedown', (event) => {
      event.preventDefault();
      select(view);
    });
    return button;
  };
}

export const TableGrips = Extension.create<{ labels: { row: string; column: string } }>({
  name: 'tableGrips',
  addOptions: () => ({ labels: { row: 'Select row', column: 'Select column' } }),
  addProseMirrorPlugins() {
    const { labels } = this.options;
    const editor = this.editor;
    return [
      new Plugin<DecorationSet>({
        key: new PluginKey('tableGrips'),
        // Recomputed only when the document changes, and without walking into paragraphs' text.
        state: {
          init: (_config, state) => build(state.doc),
          apply: (tr, previous) => (tr.docChanged ? build(tr.doc) : previous),
        },
        props: {
          decorations(state) {
            return editor.isEditable ? this.getState(state) : null;
          },
        },
      }),
    ];

    function build(doc: import('@tiptap/pm/model').Node): DecorationSet {
      const decorations: Decoration[] = [];
      doc.descendants((node, tablePos) => {
        if (node.type.name !== 'table') return node.isBlock && !node.isTextblock;
        const map = TableMap.get(node);
        for (let row = 0; row < map.height; row++) {
          const cellPos = tablePos + 1 + map.map[row * map.width];
          decorations.push(
            Decoration.widget(
              cellPos + 1,
              grip('row', labels.row, (view) => {
                const $cell = view.state.doc.resolve(cellPos);
                view.dispatch(view.state.tr.setSelection(CellSelection.rowSelection($cell)));
              }),
              { side: -1, key: `row-${tablePos}-${row}`, ignoreSelection: true, stopEvent: () => true },
            ),
          );
        }
        for (let column = 0; column < map.width; column++) {
          const cellPos = tablePos + 1 + map.map[column];
          decorations.push(
            Decoration.widget(
              cellPos + 1,
              grip('column', labels.column, (view) => {
                const $cell = view.state.doc.resolve(cellPos);
                view.dispatch(view.state.tr.setSelection(CellSelection.colSelection($cell)));
              }),
              { side: -1, key: `column-${tablePos}-${column}`, ignoreSelection: true, stopEvent: () => true },
            ),
          );
        }
        return false;
      });
      return DecorationSet.create(doc, decorations);
    }
  },
});
