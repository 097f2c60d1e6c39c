import { Virtuoso } from 'react-virtuoso';
import type { ChatMessage } from '../../api/contract';
import { type MessageActions, MessageItem } from './MessageItem';

/** Virtualised: a long chat renders only what is on screen; it follows the answer while at the bottom. */
export function MessageList({ messages, actions }: { messages: ChatMessage[]; actions: MessageActions }) {
  return (
    <Virtuoso
      className="message-list"
      data={messages}
      computeItemKey={(_, message) => message.id}
      initialTopMostItemIndex={Math.max(0, messages.length - 1)}
      followOutput={(atBottom) => (atBottom ? 'auto' : false)}
      increaseViewportBy={{ top: 400, bottom: 400 }}
      itemContent={(index, message) => (
        <div className="message-row">
          <MessageItem message={message} isLast={index === messages.length - 1} actions={actions} />
        </div>
      )}
      data-testid="message-list"
    />
  );
}
