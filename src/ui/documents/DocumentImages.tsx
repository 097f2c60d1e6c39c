// The Images view beside a document chat: the document's pictures as a virtualised grid of thumbnails that
// loads more at its end. A pdf picture opens its page in the pdf view; others open a larger view.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtuosoGrid } from 'react-virtuoso';
import type { DocumentImage } from '../../../common/contract';
import { docImagesApi } from '../../api/document-images';
import { Modal } from '../kit/Modal';
import { useDocumentImages } from './use-document-images';

export function DocumentImages({
  md5,
  isPdf,
  onOpenPage,
}: {
  md5: string;
  isPdf: boolean;
  onOpenPage(page: number): void;
}) {
  const { t } = useTranslation();
  const { state, loadMore, retry } = useDocumentImages(md5);
  const [viewing, setViewing] = useState<DocumentImage | null>(null);

  if (state.status === 'loading')
    return (
      <p className="muted doc-images-note" aria-busy="true" data-testid="doc-images-loading">
        {t('documentImages.loading')}
      </p>
    );
  if (state.status === 'offline' || state.status === 'failed')
    return (
      <div className="doc-images-note" role="status" data-testid={`doc-images-${state.status}`}>
        <p className="muted">
          {t(state.status === 'offline' ? 'documentImages.offline' : 'documentImages.failed')}
        </p>
        <button type="button" className="button" onClick={retry}>
          {t('documentImages.retry')}
        </button>
      </div>
    );
  if (state.images.length === 0)
    return (
      <p className="muted doc-images-note" data-testid="doc-images-none">
        {t('documentImages.none')}
      </p>
    );

  const open = (image: DocumentImage) =>
    isPdf && image.page !== null ? onOpenPage(image.page) : setViewing(image);
  return (
    <>
      <VirtuosoGrid
        className="doc-images"
        data-testid="doc-images"
        data={state.images}
        endReached={() => void loadMore()}
        listClassName="doc-images-grid"
        computeItemKey={(_index, image) => image.imageId}
        itemContent={(_index, image) => (
          <button
            type="button"
            className="doc-image"
            data-testid="doc-image"
            data-image-page={image.page ?? undefined}
            onClick={() => open(image)}
            title={caption(t, image)}
          >
            <Thumbnail image={image} alt={caption(t, image)} />
            <span className="doc-image-caption small muted">
              {image.page === null ? t('documentImages.noPage') : t('documents.page', { page: image.page })}
            </span>
          </button>
        )}
      />
      <Modal
        open={viewing !== null}
        onOpenChange={(next) => !next && setViewing(null)}
        title={viewing ? caption(t, viewing) : ''}
        className="doc-image-view"
        testId="doc-image-view"
      >
        {viewing && (
          <>
            <Modal.Description className="muted small">
              {t('documentImages.size', { width: viewing.width, height: viewing.height })}
            </Modal.Description>
            <Thumbnail image={viewing} alt={caption(t, viewing)} />
            <div className="dialog-actions">
              {viewing.page !== null && (
                <button
                  type="button"
                  className="button"
                  data-testid="doc-image-open-page"
                  onClick={() => {
                    onOpenPage(viewing.page as number);
                    setViewing(null);
                  }}
                >
                  {t('documentImages.openPage', { page: viewing.page })}
                </button>
              )}
              <Modal.Close className="button">{t('common.close')}</Modal.Close>
            </div>
          </>
        )}
      </Modal>
    </>
  );
}

const caption = (t: ReturnType<typeof useTranslation>['t'], image: DocumentImage) =>
  image.page === null ? t('documentImages.pictureNoPage') : t('documentImages.picture', { page: image.page });

/** Fetched with the owner's Authorization header when it is drawn (the grid draws only what is in view). */
function Thumbnail({ image, alt }: { image: DocumentImage; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    docImagesApi.blob(image.url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [image.url]);
  const ratio = `${image.width} / ${image.height}`;
  if (failed)
    return <span className="doc-image-missing" role="img" aria-label={alt} style={{ aspectRatio: ratio }} />;
  if (!url) return <span className="doc-image-loading" aria-busy="true" style={{ aspectRatio: ratio }} />;
  return <img src={url} alt={alt} width={image.width} height={image.height} style={{ aspectRatio: ratio }} />;
}
