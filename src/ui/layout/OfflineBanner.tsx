// The offline / unsent-changes banner. Online, a change on its way to the server is normal (writing saves
// every few seconds), so the count shows only once the oldest queued change has waited longer than that.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { stripLanguage } from '../../i18n';
import { madeBy, outboxCaller } from '../../local/outbox-owner';
import { useOnline } from '../app/online';
import { useCacheQuery } from '../app/use-cache-query';

/** How long a change may wait for the network, while online, before the banner mentions it. */
export const PENDING_WRITE_NOTICE_MS = 8000;

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  // Writing keeps working offline (each keystroke is kept on the device), so it is not told chats are read-only.
  const writing = stripLanguage(useLocation()[0]).startsWith('/writing');
  // No count until the cache's code is here (the app's first moments): nothing was queued in this page yet.
  const outbox = useCacheQuery(
    async ({ db }) => {
      // The signed-in caller's changes only: another account's wait here for it and are not this one's to send.
      const caller = outboxCaller();
      const mine = await db.outbox
        .orderBy('createdAt')
        .filter((entry) => madeBy(entry, caller))
        .toArray();
      return { count: mine.length, oldest: mine[0] ? Date.parse(mine[0].createdAt) : undefined };
    },
    [],
    { count: 0, oldest: undefined as number | undefined },
  );
  const [now, setNow] = useState(() => Date.now());
  const waitingSince = outbox.oldest;
  useEffect(() => {
    if (!online || waitingSince === undefined) return;
    // Re-render when the oldest change crosses the notice delay (the live query only fires on changes).
    const due = waitingSince + PENDING_WRITE_NOTICE_MS - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, due) + 50);
    return () => clearTimeout(timer);
  }, [online, waitingSince]);

  const overdue =
    waitingSince !== undefined && Math.max(now, Date.now()) - waitingSince >= PENDING_WRITE_NOTICE_MS;
  const pending = online ? (overdue ? outbox.count : 0) : outbox.count;
  if (online && pending === 0) return null;
  return (
    <div className="banner" role="status" data-testid="offline-banner">
      {!online && <span>{t(writing ? 'common.offlineWriting' : 'common.offline')} </span>}
      {pending > 0 && (
        <span data-testid="pending-writes">{t('common.pendingWrites', { count: pending })}</span>
      )}
    </div>
  );
}
