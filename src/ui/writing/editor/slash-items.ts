// The slash menu's blocks: Basic blocks, then Insert. Code block, callout, table and columns are not offered
// inside a columns block.
import type { Editor, Range } from '@tiptap/core';
import { isInsideColumns } from './columns';

/** Asks the page to open its png/jpeg file picker. */
export const PICK_IMAGE_EVENT = 'writing:pick-image';

export type SlashGroup = 'basicBlocks' | 'insertGroup';

export interface SlashItem {
  id: string;
  group: SlashGroup;
  /** i18n key under writing.* */
  label: string;
  keywords: string[];
  hiddenInColumns?: boolean;
  run(editor: Editor, range: Range): void;
}

const heading = (level: 1 | 2 | 3 | 4): SlashItem => ({
  id: `heading${level}`,
  group: 'basicBlocks',
  label: `heading${level}`,
  keywords: ['heading', 'title', `h${level}`],
  run: (editor, range) => editor.chain().focus().deleteRange(range).setNode('heading', { level }).run(),
});

export const SLASH_ITEMS: SlashItem[] = [
  heading(1),
  heading(2),
  heading(3),
  heading(4),
  {
    id: 'horizontalRule',
    group: 'basicBlocks',
    label: 'horizontalRule',
    keywords: ['divider', 'hr', 'line', 'rule'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).setHorizontalRule().run(),
  },
  {
    id: 'bulletList',
    group: 'basicBlocks',
    label: 'bulletList',
    keywords: ['bullet', 'list', 'ul'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleBulletList().run(),
  },
  {
    id: 'orderedList',
    group: 'basicBlocks',
    label: 'orderedList',
    keywords: ['number', 'ordered', 'list', 'ol'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleOrderedList().run(),
  },
  {
    id: 'codeBlock',
    group: 'basicBlocks',
    label: 'codeBlock',
    keywords: ['code', 'pre', 'snippet'],
    hiddenInColumns: true,
    run: (editor, range) => editor.chain().focus().deleteRange(range).insertCodeBlock().run(),
  },
  {
    id: 'callout',
    group: 'basicBlocks',
    label: 'callout',
    keywords: ['callout', 'note', 'tip', 'emoji'],
    hiddenInColumns: true,
    run: (editor, range) => editor.chain().focus().deleteRange(range).insertCallout().run(),
  },
  {
    id: 'blockquote',
    group: 'basicBlocks',
    label: 'blockquote',
    keywords: ['quote', 'blockquote'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleBlockquote().run(),
  },
  {
    id: 'todoList',
    group: 'insertGroup',
    label: 'todoList',
    keywords: ['todo', 'task', 'check'],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleTaskList().run(),
  },
  {
    id: 'table',
    group: 'insertGroup',
    label: 'table',
    keywords: ['table', 'grid'],
    hiddenInColumns: true,
    run: (editor, range) =>
      editor.chain().focus().deleteRange(range).insertTable({ rows: 3, cols: 3, withHeaderRow: false }).run(),
  },
  {
    id: 'columns',
    group: 'insertGroup',
    label: 'columns',
    keywords: ['columns', 'layout', 'two'],
    hiddenInColumns: true,
    run: (editor, range) => editor.chain().focus().deleteRange(range).insertColumns().run(),
  },
  {
    id: 'image',
    group: 'insertGroup',
    label: 'uploadImage',
    keywords: ['image', 'picture', 'photo', 'upload'],
    run: (editor, range) => {
      editor.chain().focus().deleteRange(range).run();
      editor.view.dom.dispatchEvent(new CustomEvent(PICK_IMAGE_EVENT, { bubbles: true }));
    },
  },
];

/** The items offered for a query at the current selection (labels already translated by `label`). */
export function slashItemsFor(
  editor: Editor,
  query: string,
  translate: (key: string) => string,
): SlashItem[] {
  const inColumns = isInsideColumns(editor.state);
  const needle = query.trim().toLowerCase();
  return SLASH_ITEMS.filter((item) => !(inColumns && item.hiddenInColumns)).filter(
    (item) =>
      !needle ||
      translate(item.label).toLowerCase().includes(needle) ||
      item.keywords.some((keyword) => keyword.startsWith(needle)),
  );
}
