// The app download modal (1078 wide): the browser extension and the two mobile apps, each with its store
// link when the operator has published one.
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { AppLinks } from '../../../common/contract';
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog download-app" style={{ width: 1078 }} data-testid="download-modal">
          <Dialog.Title>{t('download.title')}</Dialog.Title>
          <Dialog.Description className="muted">{t('download.body')}</Dialog.Description>
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
            <Dialog.Close className="button">{t('common.close')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
