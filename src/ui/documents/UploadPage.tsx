import { useTranslation } from 'react-i18next';
import '../pages/pages.css';
import { DocumentUploader } from './DocumentUploader';

/** The document-chat entry: upload first (the document chat itself opens from here once files are ready). */
export function UploadPage() {
  const { t } = useTranslation();
  return (
    <article className="page" data-testid="chatwithdoc">
      <h1>{t('upload.title')}</h1>
      <DocumentUploader />
    </article>
  );
}
