// Share a chat: makes a snapshot link, copies it, and lists the chat's live links to stop sharing them.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareSummary } from '../../../common/contract';
import { shareApi } from '../../api/shares';
import { currentLanguage } from '../../i18n';
import { analytics } from '../../workers/analytics';
import { ConfirmAction } from '../kit/ConfirmDelete';
import { Modal } from '../kit/Modal';
import { toast } from '../kit/toast';
import './share.css';

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
    <>
      <button
        type="button"
        className="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="share-open"
      >
        {t('shares.open')}
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('shares.title')}
        description={t('shares.description')}
        width={560}
        testId="share-dialog"
      >
        {link ? (
          <div className="share-link">
            <input
              readOnly
              dir="ltr"
              value={link.url}
              aria-label={t('shares.link')}
              data-testid="share-link"
            />
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
                {/* A link others may be reading is not ended by one stray tap: it asks first, as deleting does. */}
                <ConfirmAction
                  trigger={t('shares.revoke')}
                  triggerClassName="button small danger"
                  label={t('shares.revoke')}
                  triggerTestId="share-revoke"
                  title={t('shares.revokeTitle')}
                  body={t('shares.revokeBody')}
                  confirmLabel={t('shares.revoke')}
                  onConfirm={() => revoke(share.shareId)}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="dialog-actions">
          <Modal.Close className="button" type="button">
            {t('shares.close')}
          </Modal.Close>
        </div>
      </Modal>
    </>
  );
}
