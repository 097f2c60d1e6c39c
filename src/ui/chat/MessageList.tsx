import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ChatMessage } from '../../../common/contract';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';
import { bootChatShown, removeBootChat } from '../layout/boot-shell';
import { type MessageActions, MessageItem } from './MessageItem';

/**
 * Virtualised: a long chat renders only what is on screen. It follows the answer while the reader is at the
 * bottom; a reader who scrolled up stays where they are and gets a button back to the latest message.
 */
export function MessageList({ messages, actions }: { messages: ChatMessage[]; actions: MessageActions }) {
  const { t } = useTranslation();
  const list = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  const wrap = useRef<HTMLDivElement>(null);
  // The chat the boot shell drew (public/theme.js) leaves in the commit that shows these rows, before that paint:
  // react-virtuoso keeps them hidden until it has scrolled to the end.
  useLayoutEffect(() => {
    const at = wrap.current;
    if (!at || !bootChatShown()) return;
    const shown = () => {
      const rows = at.querySelector<HTMLElement>('[data-testid="virtuoso-item-list"]');
      return !!rows && rows.childElementCount > 0 && rows.style.visibility !== 'hidden';
    };
    if (shown()) return removeBootChat();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      removeBootChat();
      observer.disconnect();
    });
    observer.observe(at, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
    return () => observer.disconnect();
  }, []);
  return (
    <div className="message-list-wrap" ref={wrap}>
      <Virtuoso
        ref={list}
        className="message-list"
        data={messages}
        computeItemKey={(_, message) => message.id}
        initialTopMostItemIndex={Math.max(0, messages.length - 1)}
        // An estimate up front spares Virtuoso a hidden measuring pass before a chat first shows (about 40 ms
        // of a cached chat's first paint in bench/cache-open.ts); real heights replace it as rows draw.
        defaultItemHeight={160}
        followOutput={(bottom) => (bottom ? 'auto' : false)}
        atBottomStateChange={setAtBottom}
        atBottomThreshold={48}
        increaseViewportBy={{ top: 400, bottom: 400 }}
        itemContent={(index, message) => (
          <div className="message-row">
            <MessageItem message={message} isLast={index === messages.length - 1} actions={actions} />
          </div>
        )}
        data-testid="message-list"
      />
      {!atBottom && (
        <Tooltip content={t('chat.jumpToBottom')}>
          <button
            type="button"
            className="icon-button jump-to-bottom"
            aria-label={t('chat.jumpToBottom')}
            onClick={() => list.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' })}
            data-testid="jump-to-bottom"
          >
            <Icon name="arrowDown" size={20} />
          </button>
        </Tooltip>
      )}
    </div>
  );
}
