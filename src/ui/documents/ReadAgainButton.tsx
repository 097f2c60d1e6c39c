// "Read again" on one of the user's documents: its stored file is read again with their settings of now (a scan
// added while OCR was off gets its words); while it reads, the page being read is shown as during an upload.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentPaths, type DocumentReadAgain, type ParseProgress } from '../../../common/contract';
import { request } from '../../api/http';
import '../../i18n/read-again-strings';
import { docFiles } from '../../local/documents';
import { readAgainMachine } from '../../machines/read-again.machine';
import { toast } from '../kit/toast';

// The calls live with the button, not in the documents API module: that one is in the app's first script.
const machine = readAgainMachine({
  readAgain: (md5, signal) =>
    request<DocumentReadAgain>('POST', DocumentPaths.readAgain, {
      body: { md5 },
      signal,
      suppressAlert: true,
    }),
  progress: (md5, signal) =>
    request<ParseProgress | null>('GET', DocumentPaths.parseProgress, {
      query: { md5 },
      signal,
      suppressAlert: true,
    }),
});

export function ReadAgainButton({
  md5,
  onRead,
}: {
  md5: string;
  /** The text was replaced: whatever shows it reads it again. */
  onRead?(result: DocumentReadAgain): void;
}) {
  const { t } = useTranslation();
  const actor = useActorRef(machine, { input: { md5 } });
  const reading = useSelector(actor, (snapshot) => snapshot.matches('reading'));
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  useEffect(() => {
    const done = actor.on('done', async ({ result }) => {
      // The device keeps a document's text for offline reading: the old copy would show the old text.
      await docFiles.forget(md5);
      toast.success(
        t('readAgain.done', {
          now: result.pagesWithText,
          pages: result.document.page_count,
          before: result.pagesWithTextBefore,
        }),
      );
      onRead?.(result);
    });
    const failed = actor.on('failed', ({ message }) => {
      toast.error(t('readAgain.failed', { reason: message ?? t('readAgain.network') }));
    });
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, md5, onRead, t]);
  return (
    <button
      type="button"
      className="button small"
      disabled={reading}
      aria-busy={reading}
      title={t('readAgain.hint')}
      onClick={() => actor.send({ type: 'READ' })}
      data-testid="read-again"
    >
      {!reading
        ? t('readAgain.action')
        : progress?.page
          ? t('uploads.readingPage', { page: progress.page, pages: progress.pages })
          : t('readAgain.reading')}
    </button>
  );
}
