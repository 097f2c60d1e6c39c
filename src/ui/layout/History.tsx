// The chat history in the sidebar: a search over titles and the chats grouped by day, newest first.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { channels } from '../../local/channels';
import { Skeleton } from '../kit/Skeleton';
import { HistoryItem } from './HistoryItem';
import { groupHistory } from './history-groups';

export function History() {
  const { t } = useTranslation();
  const list = useLiveQuery(() => channels.list(), []);
  const [query, setQuery] = useState('');
  // Typing stays smooth with thousands of chats: the filter follows a moment behind the keys.
  const deferred = useDeferredValue(query);
  const groups = useMemo(
    () => groupHistory(list ?? [], deferred, Date.now(), currentLanguage()),
    [list, deferred],
  );
  if (!list) return <Skeleton lines={4} label={t('layout.history')} />;
  if (list.length === 0) return <p className="muted small">{t('layout.noChats')}</p>;
  return (
    <>
      <input
        type="search"
        className="history-search"
        value={query}
        placeholder={t('layout.searchChats')}
        aria-label={t('layout.searchChats')}
        onChange={(event) => setQuery(event.target.value)}
        data-testid="history-search"
      />
      {groups.length === 0 && (
        <p className="muted small" data-testid="history-no-match">
          {t('layout.noMatchingChats')}
        </p>
      )}
      <div data-testid="history-list">
        {groups.map(({ group, channels: items }) => (
          <section key={group} className="history-group" aria-label={t(`layout.historyGroup.${group}`)}>
            <h3 className="history-group-title" data-testid="history-group">
              {t(`layout.historyGroup.${group}`)}
            </h3>
            <ul className="history-list">
              {items.map((channel) => (
                <HistoryItem key={channel.channelId} channel={channel} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
