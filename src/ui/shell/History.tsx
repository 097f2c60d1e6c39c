import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { channels } from '../../db/channels';
import { HistoryItem } from './HistoryItem';

export function History() {
  const { t } = useTranslation();
  const list = useLiveQuery(() => channels.list(), []);
  if (!list) return null;
  if (list.length === 0) return <p className="muted small">{t('shell.noChats')}</p>;
  return (
    <ul className="history-list" data-testid="history-list">
      {list.map((channel) => (
        <HistoryItem key={channel.channelId} channel={channel} />
      ))}
    </ul>
  );
}
