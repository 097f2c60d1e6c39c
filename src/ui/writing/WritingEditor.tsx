// One open document: title, editor, slash menu, Ask AI. Every change is saved locally at once (coalesced to
// one write per task) on top of the version this tab last saw; another tab's or the server's newer text is
// taken in when it appears.
import type { Editor } from '@tiptap/core';
import { EditorContent } from '@tiptap/react';
import { useActorRef } from '@xstate/react';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorJson } from '../../../common/contract';
import { withValidNodeAttributes } from '../../../common/contract/writing-attributes';
import { writingApi } from '../../api/writing';
import { tabId, writingRepository } from '../../local/writing';
import { askAiMachine } from '../../machines/ask-ai.machine';
import { toast } from '../kit/toast';
import { copyText } from '../markdown/copy-text';
import { PromptLibrary } from '../prompts/PromptLibrary';
import { AskAiPopup } from './AskAiPopup';
import { ACCEPTED_IMAGE_TYPES } from './editor/image';
import { UnsupportedImageError, uploadImageInto } from './editor/image-upload';
import { PICK_IMAGE_EVENT } from './editor/slash-items';
import { computeToc, type TocEntry } from './editor/toc';
import { markdownToBlocks } from './markdown-to-doc';
import { SlashMenu } from './SlashMenu';
import { uploadImage } from './upload-image';
import { useWritingEditor } from './use-writing-editor';
import '../../i18n/writing-strings';

/** The least time between two starts of a save while typing goes on (see schedule below). */
const SAVE_INTERVAL_MS = 250;

export function WritingEditor(props: {
  docId: string;
  title: string;
  content: EditorJson | null;
  version: number;
  tipsExistFlag: boolean;
  readOnly?: boolean;
  onHeadings(entries: TocEntry[]): void;
  onSaved(): void;
  scroller: React.RefObject<HTMLElement | null>;
  onEditor?(editor: Editor | null): void;
}) {
  const { t, i18n } = useTranslation();
  const repo = useRef(writingRepository()).current;
  const seen = useRef(props.version);
  const title = useRef(props.title);
  const pendingTitle = useRef<string | undefined>(undefined);
  const contentChanged = useRef(false);
  const editorHolder = useRef<Editor | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tocTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [tipDismissed, setTipDismissed] = useState(props.tipsExistFlag);
  const dismissTip = () => {
    setTipDismissed(true);
    void repo.setTipsFlag(props.docId, true);
    // The flag also goes to the server for the user's other devices; offline it stays local.
    void writingApi
      .setTipsExistFlag({ docId: props.docId, tipsExistFlag: true }, { suppressAlert: true })
      .catch(() => {});
  };

  const saving = useRef<Promise<void> | null>(null);
  const saveAgain = useRef(false);
  const saveNow = useCallback(async () => {
    const changes: { content?: EditorJson; docTitle?: string } = {};
    // The newest editor state is serialised once per batch of keystrokes, after they were painted.
    if (contentChanged.current && editorHolder.current)
      changes.content = editorHolder.current.getJSON() as EditorJson;
    if (pendingTitle.current !== undefined) changes.docTitle = pendingTitle.current;
    contentChanged.current = false;
    pendingTitle.current = undefined;
    if (!changes.content && changes.docTitle === undefined) return;
    const result = await repo.save(props.docId, changes, seen.current);
    if (result.ok) {
      seen.current = result.version;
      props.onSaved();
      return;
    }
    // Another tab wrote first: its text stays, ours was kept as a copy.
    const copy = await repo.get(result.copyId);
    toast.info(t('writing.conflictCopied', { title: copy?.docTitle ?? '' }));
  }, [props.docId, props.onSaved, repo, t]);

  // The save runs after the frame that shows the keystroke (never delaying that frame), and keystrokes typed
  // before it runs are saved together. While typing goes on, saves start at most every SAVE_INTERVAL_MS: each
  // one serialises and stores the whole document (a few ms in a 20,000-word text), and one after every
  // keystroke took the time of the next keystroke's frame. Leaving or hiding the page saves at once.
  const schedule = useRef(() => {});
  const leaving = useRef(false);
  const lastSaveStart = useRef(0);

  // One save at a time: keystrokes typed while one is being written are saved together by the next one (each
  // save writes the whole text, so saves that overlapped used to queue up behind each other under load).
  const flushSave = useCallback((): Promise<void> => {
    timer.current = null;
    if (saving.current) {
      saveAgain.current = true;
      return saving.current;
    }
    lastSaveStart.current = performance.now();
    saving.current = saveNow().finally(() => {
      saving.current = null;
      if (!saveAgain.current) return;
      saveAgain.current = false;
      // A hidden or closing page draws no more frames: its last keystrokes are saved at once.
      if (document.hidden || leaving.current) void flushSave();
      else schedule.current();
    });
    return saving.current;
  }, [saveNow]);
  schedule.current = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {}, 0);
    requestAnimationFrame(() => {
      const wait = Math.max(0, lastSaveStart.current + SAVE_INTERVAL_MS - performance.now());
      timer.current = setTimeout(() => void flushSave(), wait);
    });
  };

  const emitToc = useCallback(
    (editor: Editor) => {
      if (tocTimer.current) clearTimeout(tocTimer.current);
      tocTimer.current = setTimeout(() => {
        const top = props.scroller.current?.getBoundingClientRect().top ?? 0;
        props.onHeadings(
          computeToc(editor, (id) => {
            const element = editor.view.dom.querySelector(`[data-toc-id="${CSS.escape(id)}"]`);
            return element ? element.getBoundingClientRect().bottom < top : false;
          }),
        );
      }, 120);
    },
    [props.onHeadings, props.scroller],
  );

  const startUpload = useCallback(
    (editor: Editor, file: File) => {
      uploadImageInto(editor, file, uploadImage, editor.view.dom.clientWidth || null).catch((error) => {
        if (error instanceof UnsupportedImageError) window.alert(t('writing.imageUnsupported'));
        else toast.error(t('writing.imageUploadFailed'));
      });
    },
    [t],
  );

  const { editor, slash } = useWritingEditor({
    docId: props.docId,
    content: props.content,
    readOnly: props.readOnly ?? false,
    onChange: (editor) => {
      contentChanged.current = true;
      schedule.current();
      emitToc(editor);
    },
    onSelection: emitToc,
    handlePaste: (editor, event) => {
      const files = [...(event.clipboardData?.items ?? [])]
        .filter((item) => item.kind === 'file' && item.type.startsWith('image/'))
        .map((item) => item.getAsFile())
        .filter((file): file is File => file !== null);
      if (files.length === 0) return false;
      for (const file of files) startUpload(editor, file);
      return true;
    },
  });
  editorHolder.current = editor;

  useEffect(() => {
    props.onEditor?.(editor);
    if (editor) emitToc(editor);
    return () => props.onEditor?.(null);
  }, [editor, emitToc, props.onEditor]);

  // Another tab (or the server after a conflict) wrote a newer text: show it. Watched through the document's
  // summary and outside React state, so this tab's own saves (one per keystroke) neither read the whole text
  // back nor draw this component again.
  useEffect(() => {
    if (!editor) return;
    let live = true;
    const newer = (doc: { localVersion: number; writer: string } | undefined) =>
      live && doc !== undefined && doc.localVersion > seen.current && doc.writer !== tabId();
    const subscription = liveQuery(() => repo.summary(props.docId)).subscribe({
      next: (summary) => {
        if (!newer(summary)) return;
        void repo.get(props.docId).then((stored) => {
          if (!stored?.content || !newer(stored)) return;
          seen.current = stored.localVersion;
          editor.commands.setContent(withValidNodeAttributes(stored.content), { emitUpdate: false });
          title.current = stored.docTitle;
          if (titleInput.current) titleInput.current.value = stored.docTitle;
        });
      },
      error: () => {},
    });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, [editor, repo, props.docId]);

  // Nothing typed may be lost when the tab goes away before the coalesced save ran.
  useEffect(() => {
    const now = () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void flushSave();
      }
    };
    window.addEventListener('pagehide', now);
    document.addEventListener('visibilitychange', now);
    return () => {
      window.removeEventListener('pagehide', now);
      document.removeEventListener('visibilitychange', now);
      now();
    };
  }, [flushSave]);
  useEffect(
    () => () => {
      leaving.current = true;
    },
    [],
  );

  useEffect(() => {
    if (!editor) return;
    const pick = () => fileInput.current?.click();
    editor.view.dom.addEventListener(PICK_IMAGE_EVENT, pick);
    return () => editor.view.dom.removeEventListener(PICK_IMAGE_EVENT, pick);
  }, [editor]);

  const askAi = useActorRef(askAiMachine, {
    input: {
      docId: props.docId,
      language: i18n.language,
      bridge: {
        selectionText: () => {
          const current = editorHolder.current;
          if (!current) return '';
          const { from, to, empty } = current.state.selection;
          return empty
            ? current.getText({ blockSeparator: '\n' })
            : current.state.doc.textBetween(from, to, '\n');
        },
        insertAfterBlock: (markdown) => {
          const current = editorHolder.current;
          if (!current) return;
          const blocks = markdownToBlocks(markdown) as object[];
          if (current.isEmpty) {
            current.chain().focus().insertContent(blocks).run();
            return;
          }
          const { $to } = current.state.selection;
          const after = $to.depth > 0 ? $to.after(1) : current.state.doc.content.size;
          current.chain().focus().insertContentAt(after, blocks).run();
        },
        replaceSelection: (markdown) => {
          const current = editorHolder.current;
          if (!current) return;
          const blocks = markdownToBlocks(markdown);
          const single = blocks.length === 1 && blocks[0].type === 'paragraph';
          const { from, to } = current.state.selection;
          current
            .chain()
            .focus()
            .insertContentAt(
              { from, to },
              single ? ((blocks[0].content ?? []) as object[]) : (blocks as object[]),
            )
            .run();
        },
        copy: copyText,
        focusEditor: () => editorHolder.current?.commands.focus(),
      },
    },
  });
  useEffect(() => {
    if (!editor) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'j') {
        event.preventDefault();
        askAi.send({ type: 'OPEN' });
      }
    };
    editor.view.dom.addEventListener('keydown', onKey);
    return () => editor.view.dom.removeEventListener('keydown', onKey);
  }, [editor, askAi]);

  return (
    <div className="writing-editor">
      <input
        ref={titleInput}
        className="writing-title"
        data-testid="writing-title"
        dir="auto"
        defaultValue={props.title}
        placeholder={t('writing.untitled')}
        readOnly={props.readOnly}
        maxLength={200}
        onChange={(event) => {
          title.current = event.target.value;
          pendingTitle.current = event.target.value;
          schedule.current();
        }}
      />
      {!props.readOnly && !tipDismissed && (
        <div className="writing-tip" role="note" data-testid="writing-tip">
          <span>{t('writing.tip')}</span>
          <button type="button" className="button" onClick={dismissTip} data-testid="writing-tip-dismiss">
            {t('writing.dismiss')}
          </button>
        </div>
      )}
      {!props.readOnly && (
        <div className="writing-toolbar">
          <button
            type="button"
            className="button"
            data-testid="ask-ai-open"
            onClick={() => askAi.send({ type: 'OPEN' })}
          >
            {t('writing.askAI')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="image-pick"
            onClick={() => fileInput.current?.click()}
          >
            {t('writing.uploadImage')}
          </button>
          <PromptLibrary
            onUse={(text) =>
              editor
                ?.chain()
                .focus()
                .insertContent(
                  text.split('\n').map((line) => ({
                    type: 'paragraph',
                    content: line ? [{ type: 'text', text: line }] : [],
                  })),
                )
                .run()
            }
          />
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            data-testid="image-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file && editor) startUpload(editor, file);
            }}
          />
        </div>
      )}
      <AskAiPopup actor={askAi} />
      <EditorContent editor={editor} />
      <SlashMenu store={slash} />
    </div>
  );
}
