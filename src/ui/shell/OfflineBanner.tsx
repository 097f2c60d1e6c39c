import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { db } from '../../db/schema';
import { useOnline } from '../app/online';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const pending = useLiveQuery(() => db.outbox.count(), [], 0);
  if (online && pending === 0) return null;
  return (
    <div className="banner" role="status" data-testid="offline-banner">
      {!online && <span>{t('common.offline')} </span>}
      {pending > 0 && (
        <span data-testid="pending-writes">{t('common.pendingWrites', { count: pending })}</span>
      )}
    </div>
  );
}
