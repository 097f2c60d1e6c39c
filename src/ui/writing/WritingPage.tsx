// /writing: the document list, the open document and its contents. The list (DocList reads it) and the text
// come from IndexedDB; the server's list is merged in when reachable, and queued saves are sent.
import type { Editor } from '@tiptap/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writingApi } from '../../api/writing';
import { outbox } from '../../local/outbox';
import { onWritingEvent, writingRepository } from '../../local/writing';
import { writingMachine } from '../../machines/writing.machine';
import { useSearchParams } from '../app/navigation';
import { toast } from '../kit/toast';
import { DocList } from './DocList';
import type { TocEntry } from './editor/toc';
import { Toc } from './Toc';
import { WritingEditor } from './WritingEditor';
import './writing.css';
import '../../i18n/writing-strings';

const SYNC_DELAY_MS = 800;

export function WritingPage() {
  const { t } = useTranslation();
  const repo = useRef(writingRepository()).current;
  const [params, setParams] = useSearchParams();
  const docId = params.get('docId');
  const writing = useActorRef(writingMachine);
  const state = useSelector(writing, (s) => s.value as string);
  const context = useSelector(writing, (s) => s.context);
  const scroller = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const syncTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const open = useCallback((id: string) => setParams({ docId: id }), [setParams]);

  useEffect(() => {
    if (docId) writing.send({ type: 'OPEN', docId });
    else writing.send({ type: 'CLOSE' });
    // Leaving an untouched new document throws it away, so "New document" leaves no empty ones behind.
    void repo.discardBlank(docId);
  }, [docId, writing, repo]);

  // The server's documents (from other devices) join the list; unsent local work is queued and sent.
  useEffect(() => {
    void (async () => {
      try {
        const askedAt = Date.now();
        await repo.mergeServerList(await writingApi.myDocList({ suppressAlert: true }), askedAt);
      } catch {
        // Offline: the local list is what we have.
      }
      await repo.requeueDirty();
      if (navigator.onLine) void outbox.flush();
    })();
  }, [repo]);

  useEffect(() => {
    const unsubscribe = onWritingEvent((event) => {
      if (event.type === 'restoredAfterDelete') {
        toast.info(t('writing.restoredAfterDelete', { title: event.docTitle || t('writing.untitled') }));
        return;
      }
      toast.info(t('writing.conflictCopied', { title: event.copyTitle }), {
        action: { label: t('writing.openCopy'), onClick: () => open(event.copyId) },
      });
    });
    return () => {
      unsubscribe();
    };
  }, [open, t]);

  const onSaved = useCallback(() => {
    if (syncTimer.current) clearTimeout(syncTimer.current);
    syncTimer.current = setTimeout(() => {
      if (navigator.onLine) void outbox.flush();
    }, SYNC_DELAY_MS);
  }, []);

  const onHeadings = useCallback(
    (headings: TocEntry[]) => writing.send({ type: 'HEADINGS', headings }),
    [writing],
  );

  // Stable while typing, so the document list (which reads its own rows) is not drawn again by the page.
  const remove = useCallback(
    async (id: string) => {
      await repo.remove(id);
      toast.success(t('writing.docDeleted'));
      if (id === docId) setParams({});
      if (navigator.onLine) void outbox.flush();
    },
    [repo, t, docId, setParams],
  );
  const onDelete = useCallback((id: string) => void remove(id), [remove]);

  const create = useCallback(async () => {
    const doc = await repo.create();
    open(doc.docId);
    onSaved();
  }, [repo, open, onSaved]);
  const onCreate = useCallback(() => void create(), [create]);

  const pickHeading = (entry: TocEntry) => {
    if (!editor) return;
    editor
      .chain()
      .focus()
      .setTextSelection(entry.position + 1)
      .run();
    editor.view.dom
      .querySelector(`[data-toc-id="${CSS.escape(entry.id)}"]`)
      ?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className={`writing-page${docId ? ' has-doc' : ''}`} data-testid="writing-page">
      <DocList activeId={docId} onOpen={open} onCreate={onCreate} onDelete={onDelete} />
      <div
        className="writing-main"
        ref={scroller}
        onScroll={() => editor && writing.send({ type: 'HEADINGS', headings: context.headings })}
      >
        {!docId && (
          <div className="writing-empty">
            <h1>{t('writing.title')}</h1>
            <button type="button" className="button primary" onClick={onCreate} data-testid="writing-start">
              {t('writing.newDoc')}
            </button>
          </div>
        )}
        {/* The screen's one heading; the document's own title is the text box below it. */}
        {docId && <h1 className="visually-hidden">{t('writing.title')}</h1>}
        {/* Never a dead end: on a phone the list is hidden while a document is open, so the failure itself
            leads on — back to the list, a new document, or (when the connection failed) another try. */}
        {docId && state === 'failed' && (
          <div className="writing-failed" data-testid="writing-failed">
            <p className="writing-error" role="alert">
              {context.loadError ?? t('writing.loadFailed')}
            </p>
            <div className="writing-failed-actions">
              {!context.loadError && (
                <button
                  type="button"
                  className="button primary"
                  onClick={() => writing.send({ type: 'OPEN', docId })}
                  data-testid="writing-retry"
                >
                  {t('writing.tryAgain')}
                </button>
              )}
              <button
                type="button"
                className="button"
                onClick={() => setParams({})}
                data-testid="writing-all-docs"
              >
                {t('writing.allDocs')}
              </button>
              {context.loadError && (
                <button
                  type="button"
                  className="button primary"
                  onClick={onCreate}
                  data-testid="writing-failed-new"
                >
                  {t('writing.newDoc')}
                </button>
              )}
            </div>
          </div>
        )}
        {docId && state === 'ready' && context.docId === docId && (
          <WritingEditor
            key={docId}
            docId={docId}
            title={context.docTitle}
            content={context.docInitContent}
            version={context.docVersion}
            tipsExistFlag={context.tipsFlag}
            onHeadings={onHeadings}
            onSaved={onSaved}
            scroller={scroller}
            onEditor={setEditor}
          />
        )}
      </div>
      <Toc entries={context.headings} onPick={pickHeading} />
    </div>
  );
}
