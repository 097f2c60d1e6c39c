// The app download modal (1078 wide): the browser extension and the two mobile apps, each with its store
// link when the operator has published one.
import { useTranslation } from 'react-i18next';
import type { AppLinks } from '../../../common/contract';
import { Modal } from '../kit/Modal';
import { useAppLinks } from '../layout/app-links';

const APPS = [
  { key: 'chromeExtension', store: 'Chrome Web Store' },
  { key: 'ios', store: 'App Store' },
  { key: 'android', store: 'Google Play' },
] as const satisfies readonly { key: keyof AppLinks; store: string }[];

export function DownloadAppModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const links = useAppLinks();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('download.title')}
      description={t('download.body')}
      width={1078}
      className="download-app"
      testId="download-modal"
    >
      <div className="download-grid">
        {APPS.map(({ key, store }) => {
          const url = links?.[key] ?? null;
          return (
            <section key={key} className="download-card" data-testid={`download-${key}`}>
              <h3>{t(`download.${key}`)}</h3>
              <p className="muted small">{t(`download.${key}Body`)}</p>
              {url ? (
                <a className="button primary" href={url} target="_blank" rel="noopener noreferrer">
                  {t('download.getOn', { store })}
                </a>
              ) : (
                <p className="small muted" data-testid={`download-${key}-unset`}>
                  {t('download.notPublished', { store })}
                </p>
              )}
            </section>
          );
        })}
      </div>
      <div className="dialog-actions">
        <Modal.Close className="button">{t('common.close')}</Modal.Close>
      </div>
    </Modal>
  );
}
