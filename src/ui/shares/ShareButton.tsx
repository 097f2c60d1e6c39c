// Share a chat: makes a snapshot link, copies it, and lists the chat's live links to stop sharing them.
import { Dialog } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ShareSummary } from '../../../common/contract';
import { shareApi } from '../../api/shares';
import { currentLanguage } from '../../i18n';
import { analytics } from '../../workers/analytics';

export function ShareButton({ channelId, disabled }: { channelId: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<{ shareId: string; url: string } | null>(null);
  const [shares, setShares] = useState<ShareSummary[]>([]);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    void shareApi
      .mine(channelId, { suppressAlert: true })
      .then(setShares)
      .catch(() => {});
  }, [channelId]);
  useEffect(() => {
    if (open) reload();
  }, [open, reload]);

  const create = async () => {
    setBusy(true);
    try {
      const created = await shareApi.create(channelId);
      setLink({ shareId: created.shareId, url: new URL(created.sharePath, location.origin).href });
      void analytics.track('share_create', { messages: created.messageCount });
      reload();
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (shareId: string) => {
    await shareApi.revoke(shareId).catch(() => {});
    if (link?.shareId === shareId) setLink(null);
    toast.success(t('shares.revoked'));
    reload();
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="button" type="button" disabled={disabled} data-testid="share-open">
        {t('shares.open')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" style={{ width: 560 }} data-testid="share-dialog">
          <Dialog.Title>{t('shares.title')}</Dialog.Title>
          <Dialog.Description className="muted">{t('shares.description')}</Dialog.Description>
          {link ? (
            <div className="share-link">
              <input readOnly value={link.url} aria-label={t('shares.link')} data-testid="share-link" />
              <button
                type="button"
                className="button primary"
                onClick={() =>
                  void navigator.clipboard
                    .writeText(link.url)
                    .then(() => toast.success(t('common.copySuccess')))
                    .catch(() => {})
                }
                data-testid="share-copy"
              >
                {t('shares.copy')}
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() => void create()}
              data-testid="share-create"
            >
              {t('shares.create')}
            </button>
          )}
          {shares.length > 0 && (
            <ul className="share-list" data-testid="share-list">
              {shares.map((share) => (
                <li key={share.shareId} data-testid="share-item">
                  <span className="small muted">
                    {t('shares.sharedAt', {
                      date: new Intl.DateTimeFormat(currentLanguage(), {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }).format(new Date(share.createdAt)),
                      count: share.messageCount,
                    })}
                  </span>
                  <button
                    type="button"
                    className="button small danger"
                    onClick={() => void revoke(share.shareId)}
                    data-testid="share-revoke"
                  >
                    {t('shares.revoke')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="dialog-actions">
            <Dialog.Close className="button" type="button">
              {t('shares.close')}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
