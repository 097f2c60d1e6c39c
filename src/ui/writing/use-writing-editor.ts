// Builds the tiptap editor of one document with the browser's node views (CodeMirror, callout, upload).
import type { Editor } from '@tiptap/core';
import { ReactNodeViewRenderer, useEditor } from '@tiptap/react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorJson } from '../../../common/contract';
import { withValidNodeAttributes } from '../../../common/contract/writing-attributes';
import { writingApi } from '../../api/writing';
import { toast } from '../kit/toast';
import { copyText } from '../markdown/copy-text';
import { CodeMirrorNodeView } from './editor/codemirror-view';
import { writingExtensions } from './editor/extensions';
import { slashItemsFor } from './editor/slash-items';
import { createSlashStore } from './editor/slash-menu';
import { CalloutView } from './views/CalloutView';
import { ImageUploadView } from './views/ImageUploadView';
import '../../i18n/writing-strings';

export function useWritingEditor(options: {
  docId: string;
  content: EditorJson | null;
  readOnly: boolean;
  onChange(editor: Editor): void;
  onSelection(editor: Editor): void;
  handlePaste(editor: Editor, event: ClipboardEvent): boolean;
}) {
  const { t, i18n } = useTranslation();
  const slash = useMemo(createSlashStore, []);
  // The editor is built once per document; its callbacks read the newest props through this ref.
  const latest = useRef(options);
  latest.current = options;
  const editor = useEditor(
    {
      editable: !options.readOnly,
      content: options.content ? withValidNodeAttributes(options.content) : undefined,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      extensions: writingExtensions({
        placeholder: t('writing.placeholder'),
        slash: {
          store: slash,
          items: ({ query, editor }) => slashItemsFor(editor, query, (key) => t(`writing.${key}`)),
        },
        lookupTitle: async (url) => {
          try {
            return (await writingApi.extractTitle(url, { suppressAlert: true })).title;
          } catch {
            return null; // offline or no title: the URL stays as the link text
          }
        },
        lookupImageUrl: async (md5) => {
          try {
            return (await writingApi.imageUrl(md5, { suppressAlert: true })).url;
          } catch {
            return null; // offline, or not the caller's bytes: the picture stays as it is
          }
        },
        gripLabels: { row: t('writing.selectRow'), column: t('writing.selectColumn') },
        views: {
          codeBlock: ({ node, view, getPos, editor }) =>
            new CodeMirrorNodeView(node, view, getPos, editor, {
              readOnly: options.readOnly,
              labels: { copy: t('writing.copyCode'), language: t('writing.language') },
              onCopy: async (text) => {
                if (await copyText(text)) toast.success(t('common.copySuccess'));
              },
            }),
          callout: ReactNodeViewRenderer(CalloutView),
          imageUpload: ReactNodeViewRenderer(ImageUploadView),
        },
      }),
      editorProps: {
        // Arabic pages lay the editor out right to left, whatever the text's own direction.
        attributes: {
          class: 'writing-prose',
          'data-testid': 'writing-editor',
          dir: i18n.dir(),
          // A text box needs a name for screen readers; the placeholder is drawn, not announced.
          'aria-label': t('writing.editorLabel'),
        },
        handlePaste: (view, event) => {
          const editor = (view.dom as unknown as { editor?: Editor }).editor;
          return editor ? latest.current.handlePaste(editor, event) : false;
        },
      },
      onUpdate: ({ editor }) => latest.current.onChange(editor),
      onSelectionUpdate: ({ editor }) => latest.current.onSelection(editor),
    },
    [options.docId, options.readOnly],
  );
  return { editor, slash };
}
