// The operator's announcement (GET /api/v1/release/announcement) above every page until the user closes
// it; a new announcement shows again. Nothing shows when the server has none or cannot be reached.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paths } from '../../../common/contract';
import { request } from '../../api/http';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';

const DISMISSED_KEY = 'parley.announcementDismissed';

const dismissed = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
};

export function AnnouncementBanner() {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    request<string | null>('GET', Paths.announcement, { suppressAlert: true })
      .then((announcement) => {
        if (live && announcement?.trim() && announcement !== dismissed()) setText(announcement);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!text) return null;
  return (
    <div className="banner announcement" role="status" data-testid="announcement">
      <span dir="auto">{text}</span>
      <Tooltip content={t('common.close')}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          data-testid="announcement-close"
          onClick={() => {
            try {
              localStorage.setItem(DISMISSED_KEY, text);
            } catch {
              // Without storage it shows again next time; closing still hides it now.
            }
            setText(null);
          }}
        >
          <Icon name="close" size={14} />
        </button>
      </Tooltip>
    </div>
  );
}
