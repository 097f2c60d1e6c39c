import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { UploadStatus } from '../../../common/contract';
import type { UploadItem } from '../../machines/documents-upload.machine';
import { uploadErrorIsFinal, uploadErrorText } from './upload-errors';

/** One file: name, status and progress, its error in words, and what can be done now. */
export function UploadRow({ item, onRemove }: { item: UploadItem; onRemove: (id: string) => void }) {
  const { t } = useTranslation();
  const context = useSelector(item.ref, (snapshot) => snapshot.context);
  const { uploadStatus: status, uploadProgress: progress, uploadError: error } = context;
  const busy = status === UploadStatus.Uploading || status === UploadStatus.Parsing;
  return (
    <li
      className="upload-row"
      data-testid="upload-item"
      data-status={status}
      data-instant={context.instant ? 'true' : 'false'}
      data-md5={context.md5 ?? ''}
    >
      <div className="upload-row-head">
        <span className="upload-name" dir="auto">
          {item.name}
        </span>
        <span className="muted small" data-testid="upload-status">
          {status === UploadStatus.Parsing && context.parseProgress?.page
            ? t('uploads.readingPage', {
                page: context.parseProgress.page,
                pages: context.parseProgress.pages,
              })
            : t(`uploads.status${status}`, { progress })}
        </span>
      </div>
      {status === UploadStatus.Uploading && (
        <div className="upload-bar" role="progressbar" aria-valuenow={progress} aria-valuemax={100}>
          <div style={{ width: `${progress}%` }} />
        </div>
      )}
      {context.instant && (
        <p className="muted small" data-testid="upload-instant">
          {t('uploads.instant')}
        </p>
      )}
      {status === UploadStatus.Success && context.fileExtraInfo && (
        <p className="muted small">
          {/* Each piece isolated: a Latin topic and an Arabic count must not reorder each other. */}
          <bdi>{context.fileExtraInfo.topic}</bdi> ·{' '}
          <bdi>{t('uploads.pages', { count: context.fileExtraInfo.page_count })}</bdi>
          {context.fileExtraInfo.pages_estimated && (
            <>
              {' · '}
              <bdi title={t('documents.pagesEstimatedHint')}>{t('documents.pagesEstimated')}</bdi>
            </>
          )}
        </p>
      )}
      {error && status === UploadStatus.Failed && (
        <p className="upload-error" role="alert" data-testid="upload-error">
          {uploadErrorText(t, error)}
        </p>
      )}
      <div className="upload-actions">
        {busy && (
          <button
            type="button"
            className="button small"
            onClick={() => item.ref.send({ type: 'CANCEL' })}
            data-testid="upload-cancel"
          >
            {t('uploads.cancel')}
          </button>
        )}
        {/* Retry is offered where it can help: not to a file refused for what it is (its type, bytes or size). */}
        {(status === UploadStatus.Failed || status === UploadStatus.BeforeUpload) &&
          context.file &&
          !uploadErrorIsFinal(error) && (
            <button
              type="button"
              className="button small"
              onClick={() => item.ref.send({ type: 'RETRY' })}
              data-testid="upload-retry"
            >
              {t('uploads.retry')}
            </button>
          )}
        <button
          type="button"
          className="button small"
          onClick={() => onRemove(item.id)}
          data-testid="upload-remove"
        >
          {t('uploads.remove')}
        </button>
      </div>
    </li>
  );
}
