// Word, PowerPoint and web-page documents beside the chat: their text, page by page; a picture of a page (a photo,
// a scan) is shown above the text read from it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentPages } from '../../../common/contract';
import { docsApi } from '../../api/documents';
import { docFiles } from '../../local/documents';
import { Skeleton } from '../kit/Skeleton';
import type { ActivePage } from './active-page';

/** The uploaded picture itself, fetched with the owner's token (kept on the device as a pdf is). */
function usePictureUrl(md5: string, type: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!type) return;
    const controller = new AbortController();
    let made: string | null = null;
    (async () => {
      let bytes = await docFiles.file(md5);
      if (!bytes) {
        bytes = await docsApi.fileBytes(md5, controller.signal);
        await docFiles.keepFile(md5, bytes);
      }
      if (controller.signal.aborted) return;
      made = URL.createObjectURL(new Blob([bytes], { type }));
      setUrl(made);
    })().catch(() => {
      // Without the picture its text is still shown.
    });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [md5, type]);
  return url;
}

export function TextView({
  md5,
  active,
  pictureType,
}: {
  md5: string;
  active: ActivePage | null;
  /** The media type of a document that is a picture of a page (image/png, image/jpeg, image/webp). */
  pictureType?: string;
}) {
  const { t } = useTranslation();
  const picture = usePictureUrl(md5, pictureType);
  const [doc, setDoc] = useState<DocumentPages | null>(null);
  const [failed, setFailed] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const kept = await docFiles.pages(md5);
      if (kept) return setDoc(kept);
      const pages = await docsApi.pages(md5, controller.signal);
      setDoc(pages);
      await docFiles.keepPages(pages);
    })().catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [md5]);
  useEffect(() => {
    if (!active || !doc) return;
    root.current?.querySelector(`[data-page="${active.page}"]`)?.scrollIntoView({ block: 'start' });
  }, [active, doc]);
  if (failed) return <p className="error-text">{t('documents.documentFailed')}</p>;
  if (!doc) return <Skeleton lines={8} label={t('documents.loadingDocument')} />;
  return (
    <div ref={root} className="doc-text">
      {doc.pages.map((page) => (
        <section
          key={page.page}
          className="doc-page"
          data-testid="doc-page"
          data-page={page.page}
          data-active={active?.page === page.page || undefined}
        >
          <h3 className="muted small">
            {t(doc.pages_estimated ? 'documents.pageEstimated' : 'documents.page', { page: page.page })}
          </h3>
          {picture && page.page === 1 && (
            <img
              className="doc-picture"
              src={picture}
              alt={t('documents.pictureOfPage', { name: doc.fileName })}
              data-testid="doc-picture"
            />
          )}
          {/* The document's own direction (an English file in the Arabic app reads left to right) and its
              own line breaks. */}
          <p dir="auto">{page.text}</p>
        </section>
      ))}
    </div>
  );
}
