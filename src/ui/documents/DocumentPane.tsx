// The documents beside a document chat: a tab per document, the pdf drawn page by page, other files as
// their text per page (a picture of a page above its text), or the document's pictures. The active page (opened by a citation or a picture)
// scrolls into view and is marked.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentInChat } from '../../../common/contract';
import type { ActivePage } from './active-page';
import { DocumentImages } from './DocumentImages';
import { ReadAgainButton } from './ReadAgainButton';
import { TextView } from './TextView';

const PdfView = lazy(async () => ({ default: (await import('./PdfView')).PdfView }));

export function DocumentPane({
  docs,
  active,
  onSelect,
  onOpenPage,
}: {
  docs: DocumentInChat[];
  active: ActivePage;
  onSelect(md5: string): void;
  onOpenPage(md5: string, page: number): void;
}) {
  const { t } = useTranslation();
  const doc = docs.find((d) => d.md5 === active.md5) ?? docs[0];
  const isPdf = doc.file_type === 'application/pdf';
  const [view, setView] = useState<'pages' | 'images'>('pages');
  // Bumped when the document was read again: its text view and pictures are asked for afresh.
  const [readings, setReadings] = useState(0);
  const reread = useCallback(() => setReadings((n) => n + 1), []);
  // Whatever opens a page (a citation, a picture) shows the pages again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each open, told apart by seq
  useEffect(() => setView('pages'), [active.seq]);
  return (
    <aside className="doc-pane" data-testid="doc-pane" aria-label={t('documents.documents')}>
      {docs.length > 1 && (
        <div className="doc-tabs" role="tablist">
          {docs.map((d) => (
            <button
              key={d.md5}
              type="button"
              role="tab"
              aria-selected={d.md5 === doc.md5}
              onClick={() => onSelect(d.md5)}
              data-testid="doc-tab"
            >
              <bdi>{d.file_name}</bdi>
            </button>
          ))}
        </div>
      )}
      <header className="doc-pane-head">
        <strong className="doc-name" data-testid="doc-name" dir="auto">
          {doc.file_name}
        </strong>
        <span className="muted small">{t('documents.pages', { count: doc.file_page_count })}</span>
        {doc.file_pages_estimated && (
          <span
            className="muted small"
            title={t('documents.pagesEstimatedHint')}
            data-testid="doc-pages-estimated"
          >
            {t('documents.pagesEstimated')}
          </span>
        )}
        {/* A web page keeps no file of its own to read again (its link is added again instead). */}
        {doc.file_type !== 'text/html' && <ReadAgainButton key={doc.md5} md5={doc.md5} onRead={reread} />}
      </header>
      <div className="doc-views" role="tablist" aria-label={t('documentImages.views')}>
        {(['pages', 'images'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={view === name}
            onClick={() => setView(name)}
            data-testid={`doc-view-${name}`}
          >
            {t(name === 'pages' ? 'documentImages.pagesTab' : 'documentImages.imagesTab')}
          </button>
        ))}
      </div>
      {view === 'images' ? (
        <DocumentImages
          key={`${doc.md5}-${readings}`}
          md5={doc.md5}
          isPdf={isPdf}
          onOpenPage={(page) => onOpenPage(doc.md5, page)}
        />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is scrolled from the keyboard only when it can take focus
        <section className="doc-pages" tabIndex={0} aria-label={doc.file_name}>
          {isPdf ? (
            <Suspense fallback={<p className="muted">{t('documents.loadingDocument')}</p>}>
              <PdfView key={doc.md5} md5={doc.md5} active={active.md5 === doc.md5 ? active : null} />
            </Suspense>
          ) : (
            <TextView
              key={`${doc.md5}-${readings}`}
              md5={doc.md5}
              active={active.md5 === doc.md5 ? active : null}
              // A TIFF is shown as its text alone: browsers other than Safari do not draw TIFF.
              pictureType={
                doc.file_type.startsWith('image/') && doc.file_type !== 'image/tiff'
                  ? doc.file_type
                  : undefined
              }
            />
          )}
        </section>
      )}
    </aside>
  );
}
