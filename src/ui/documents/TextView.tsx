// Word, PowerPoint and web-page documents beside the chat: their text, page by page.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentPages } from '../../../common/contract';
import { docsApi } from '../../api/documents';
import { docFiles } from '../../local/documents';
import { Skeleton } from '../kit/Skeleton';
import type { ActivePage } from './active-page';

export function TextView({ md5, active }: { md5: string; active: ActivePage | null }) {
  const { t } = useTranslation();
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
          {/* The document's own direction (an English file in the Arabic app reads left to right) and its
              own line breaks. */}
          <p dir="auto">{page.text}</p>
        </section>
      ))}
    </div>
  );
}
