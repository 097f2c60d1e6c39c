import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { LocalChannel } from '../../local/schema';
import { deleteChannel, renameChannel } from '../../machines/chat/channel-commands';
import { NavLink } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { useRootActor } from '../app/root-context';
import { Icon } from '../icons';
import { ConfirmDelete } from '../kit/ConfirmDelete';
import { Tooltip } from '../kit/Tooltip';
import { toast } from '../kit/toast';

export function HistoryItem({ channel }: { channel: LocalChannel }) {
  const { t } = useTranslation();
  const root = useRootActor();
  const to = useLangPath();
  const [pathname, navigate] = useLocation();
  const path = to(`/chat/${channel.channelId}`);
  // This chat's own address (not one under it).
  const active = pathname.toLowerCase().replace(/\/$/, '') === path.toLowerCase();
  const [editing, setEditing] = useState(false);
  const cancelled = useRef(false);

  const save = async (typed: string) => {
    setEditing(false);
    if (cancelled.current) return;
    if (await renameChannel(root, channel.channelId, typed, channel.channelName))
      toast.success(t('common.saved'));
  };
  const remove = async () => {
    await deleteChannel(root, channel.channelId);
    toast.success(t('common.deleted'));
    if (active) navigate(to('/'));
  };

  return (
    // The list item around it is the history list's (History.tsx).
    <div
      className={`history-item${active ? ' active' : ''}`}
      data-testid="history-item"
      data-channel-id={channel.channelId}
    >
      {editing ? (
        <input
          className="rename-input"
          aria-label={t('layout.renameLabel')}
          defaultValue={channel.channelName}
          autoFocus
          onFocus={(event) => {
            cancelled.current = false;
            event.currentTarget.select();
          }}
          onBlur={(event) => void save(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) event.currentTarget.blur();
            if (event.key === 'Escape') {
              cancelled.current = true;
              setEditing(false);
            }
          }}
          data-testid="rename-input"
        />
      ) : (
        <NavLink
          to={path}
          className="history-link"
          dir="auto"
          title={channel.channelName}
          onDoubleClick={() => setEditing(true)}
        >
          {/* Its own box: a touch screen's link is a flex row (to centre a 44 px target), where a long title
              was cut mid-letter without the ellipsis. */}
          <span className="history-name">{channel.channelName}</span>
        </NavLink>
      )}
      {!editing && (
        <span className="history-actions">
          <Tooltip content={t('layout.rename')}>
            <button
              type="button"
              className="icon-button"
              aria-label={t('layout.rename')}
              onClick={() => setEditing(true)}
              data-testid="rename"
            >
              <Icon name="pencil" size={14} />
            </button>
          </Tooltip>
          <ConfirmDelete
            title={t('layout.deleteConfirm')}
            body={t('layout.deleteConfirmBody')}
            onConfirm={remove}
            side="right"
          />
        </span>
      )}
    </div>
  );
}
