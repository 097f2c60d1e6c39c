// The writing editor's extensions, shared by the page and the tests (which leave out the browser-only views).
import { type AnyExtension, Extension, type NodeViewRenderer } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { safeHref } from '../../markdown/safe-url';
import { Callout } from './callout';
import { CodeBlock } from './code-block';
import { Column, Columns } from './columns';
import { WritingImage } from './image';
import { ImageRepair, type ImageUrlLookup } from './image-repair';
import { ImageUpload } from './image-upload';
import { WritingKeys } from './keys';
import { LinkPaste, type TitleLookup } from './link-paste';
import type { SlashItem } from './slash-items';
import { SlashCommands, type SlashStore } from './slash-menu';
import { TableGrips } from './table-grips';
import { UniqueIds } from './unique-ids';

export const TABLE_COLUMN_WIDTH = 160;

/** Headings carry an id and a table-of-contents id (both assigned by UniqueIds). */
const HeadingIds = Extension.create({
  name: 'headingIds',
  addGlobalAttributes: () => [
    {
      types: ['heading'],
      attributes: {
        id: {
          default: null,
          parseHTML: (element) => element.getAttribute('id'),
          renderHTML: (attributes) => (attributes.id ? { id: attributes.id } : {}),
        },
        tocId: {
          default: null,
          parseHTML: (element) => element.getAttribute('data-toc-id'),
          renderHTML: (attributes) => (attributes.tocId ? { 'data-toc-id': attributes.tocId } : {}),
        },
      },
    },
  ],
});

/**
 * Every paragraph and heading takes its direction from its own first strong letter (dir="auto"), so an
 * English paragraph in an Arabic page reads left to right with its full stop at the end, and an Arabic one
 * in an English page the other way. Only rendered: nothing is added to the stored document.
 */
const OWN_DIRECTION = { dir: 'auto' };

export interface WritingExtensionOptions {
  placeholder?: string;
  slash?: {
    store: SlashStore;
    items: (props: { query: string; editor: import('@tiptap/core').Editor }) => SlashItem[];
  };
  lookupTitle?: TitleLookup;
  /** The current address of one of this server's editor images that failed to load. */
  lookupImageUrl?: ImageUrlLookup;
  views?: { codeBlock?: NodeViewRenderer; callout?: NodeViewRenderer; imageUpload?: NodeViewRenderer };
  gripLabels?: { row: string; column: string };
}

export function writingExtensions(options: WritingExtensionOptions = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      codeBlock: false,
      paragraph: { HTMLAttributes: OWN_DIRECTION },
      heading: { levels: [1, 2, 3, 4, 5, 6], HTMLAttributes: OWN_DIRECTION },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: false,
        protocols: ['mailto', 'tel'],
        isAllowedUri: (url) => safeHref(url) !== null,
        shouldAutoLink: (url) => safeHref(url) !== null,
      },
    }),
    HeadingIds,
    UniqueIds,
    CodeBlock.configure({ nodeView: options.views?.codeBlock ?? null }),
    Callout.configure({ nodeView: options.views?.callout ?? null }),
    Columns,
    Column,
    Table.configure({ resizable: false, cellMinWidth: TABLE_COLUMN_WIDTH }),
    TableRow,
    TableHeader,
    TableCell,
    TaskList,
    TaskItem.configure({ nested: true }),
    WritingImage,
    ImageRepair.configure({ lookup: options.lookupImageUrl ?? null }),
    ImageUpload.configure({ nodeView: options.views?.imageUpload ?? null }),
    WritingKeys,
    LinkPaste.configure({ lookupTitle: options.lookupTitle ?? null }),
    TableGrips.configure({ labels: options.gripLabels ?? { row: 'Select row', column: 'Select column' } }),
    ...(options.placeholder ? [Placeholder.configure({ placeholder: options.placeholder })] : []),
    ...(options.slash ? [SlashCommands.configure(options.slash)] : []),
  ];
}
