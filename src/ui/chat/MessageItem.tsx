import { memo, type RefObject, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../common/contract';
import { useLangPath } from '../app/paths';
import { DocChatContext } from '../documents/doc-chat-context';
import { LinkSourcesContext } from '../documents/link-sources-context';
import { SourceList } from '../documents/SourceList';
import { Icon } from '../icons';
import { type Floating, useFloating } from '../kit/floating-later';
import { Tooltip } from '../kit/Tooltip';
import { toast } from '../kit/toast';
import { Markdown } from '../markdown/Markdown';
import { safeHref } from '../markdown/safe-url';
import { ReadAloudButton } from '../voice/ReadAloudButton';
import { cachedLanding } from './use-models';

export interface MessageActions {
  onRegenerate?(): void;
  onFeedback?(message: ChatMessage, type: 'like' | 'dislike' | null, reason?: string): void;
  /** Edit and resend a question: it and everything after it are replaced. Absent while that is not possible. */
  onEdit?(message: ChatMessage, text: string): void;
}

function MessageItemView({
  message,
  isLast,
  actions,
}: {
  message: ChatMessage;
  isLast: boolean;
  actions: MessageActions;
}) {
  const { t } = useTranslation();
  const docChat = useContext(DocChatContext);
  const links = useContext(LinkSourcesContext)?.get(message.id);
  const to = useLangPath();
  const onCite = useMemo(() => {
    if (links?.length)
      return (n: number | null) => {
        const link = links.find((l) => l.n === n);
        const href = link ? safeHref(link.url) : null;
        if (href) window.open(href, '_blank', 'noopener,noreferrer');
        else toast.error(t('documents.urlNotFound'));
      };
    return docChat ? (n: number | null) => docChat.openCitation(message.id, n) : undefined;
  }, [docChat, links, message.id, t]);
  if (message.role === 'user') return <UserMessage message={message} onEdit={actions.onEdit} />;
  const streaming = message.status === 'streaming';
  const copy = async () => {
    await navigator.clipboard.writeText(message.content);
    toast.success(t('common.copySuccess'));
  };
  const vote = (type: 'like' | 'dislike') =>
    actions.onFeedback?.(message, message.feedback === type ? null : type);
  return (
    <div
      className="message assistant"
      data-testid="message-assistant"
      data-status={message.status}
      aria-busy={streaming}
    >
      <div className="answer">
        {message.content ? (
          <Markdown text={message.content} streaming={streaming} onCite={onCite} />
        ) : (
          streaming && <p className="muted">{t('chat.thinking')}</p>
        )}
        {links && !streaming && <SourceList links={links} chatPath={(id) => to(`/chat/${id}`)} />}
        {message.error && (
          <p className="error-text" role="alert" data-testid="message-error">
            {message.error}
          </p>
        )}
        {message.status === 'stopped' && <p className="muted small">{t('chat.stopped')}</p>}
      </div>
      {!streaming && (
        <div className="message-actions">
          <Tooltip content={t('chat.copyAnswer')}>
            <button
              type="button"
              className="icon-button"
              onClick={() => void copy()}
              aria-label={t('chat.copyAnswer')}
            >
              <Icon name="copy" />
            </button>
          </Tooltip>
          {message.content && <ReadAloudButton id={message.id} text={message.content} />}
          <VoteButton type="like" current={message.feedback} label={t('chat.like')} onVote={vote} />
          <DislikeButton
            disliked={message.feedback === 'dislike'}
            onDislike={(reason) => actions.onFeedback?.(message, 'dislike', reason)}
            onUndo={() => actions.onFeedback?.(message, null)}
          />
          {isLast && actions.onRegenerate && (
            <Tooltip content={t('chat.regenerate')}>
              <button
                type="button"
                className="icon-button"
                onClick={actions.onRegenerate}
                aria-label={t('chat.regenerate')}
                data-testid="regenerate"
              >
                <Icon name="refresh" />
              </button>
            </Tooltip>
          )}
        </div>
      )}
    </div>
  );
}

/** A question: copy it, or edit it in place and send it again (Enter sends, Escape cancels). */
function UserMessage({
  message,
  onEdit,
}: {
  message: ChatMessage;
  onEdit?: (message: ChatMessage, text: string) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  // The row shown while the server has not yet named the question cannot be edited.
  const editable = onEdit && message.id !== 'pending-user';
  const copy = async () => {
    await navigator.clipboard.writeText(message.content);
    toast.success(t('common.copySuccess'));
  };
  const submit = () => {
    if (editing === null || !editing.trim() || !onEdit) return;
    onEdit(message, editing);
    setEditing(null);
  };
  if (editing !== null) {
    return (
      <div className="message user editing" data-testid="message-user">
        <form
          className="bubble edit-bubble"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <textarea
            value={editing}
            dir="auto"
            aria-label={t('chat.editLabel')}
            rows={Math.min(8, Math.max(2, editing.split('\n').length))}
            // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this message
            autoFocus
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                setEditing(null);
              } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            data-testid="edit-input"
          />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setEditing(null)}>
              {t('chat.editCancel')}
            </button>
            <button
              type="submit"
              className="button primary"
              disabled={!editing.trim()}
              data-testid="edit-send"
            >
              {t('chat.editSend')}
            </button>
          </div>
        </form>
      </div>
    );
  }
  return (
    <div className="message user" data-testid="message-user">
      <div className="bubble" dir="auto">
        {message.content}
      </div>
      <div className="message-actions user-actions">
        <Tooltip content={t('chat.copyQuestion')}>
          <button
            type="button"
            className="icon-button"
            onClick={() => void copy()}
            aria-label={t('chat.copyQuestion')}
            data-testid="copy-question"
          >
            <Icon name="copy" />
          </button>
        </Tooltip>
        {editable && (
          <Tooltip content={t('chat.editQuestion')}>
            <button
              type="button"
              className="icon-button"
              onClick={() => setEditing(message.content)}
              aria-label={t('chat.editQuestion')}
              data-testid="edit-question"
            >
              <Icon name="pencil" />
            </button>
          </Tooltip>
        )}
      </div>
    </div>
  );
}

function VoteButton({
  type,
  current,
  label,
  onVote,
}: {
  type: 'like' | 'dislike';
  current: ChatMessage['feedback'];
  label: string;
  onVote(type: 'like' | 'dislike'): void;
}) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className={`icon-button${current === type ? ' on' : ''}`}
        onClick={() => onVote(type)}
        aria-label={label}
        aria-pressed={current === type}
        data-testid={type}
      >
        <Icon name={type === 'like' ? 'thumbUp' : 'thumbDown'} />
      </button>
    </Tooltip>
  );
}

/**
 * Dislike, then (like the best chat apps) ask why with the server's reasons; answering is optional, and the
 * dislike itself is already saved.
 */
function DislikeButton({
  disliked,
  onDislike,
  onUndo,
}: {
  disliked: boolean;
  onDislike(reason?: string): void;
  onUndo(): void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const reasons = useMemo(() => (asking ? (cachedLanding()?.feedbackDislikeConfig ?? []) : []), [asking]);
  const anchor = useRef<HTMLSpanElement>(null);
  // The reasons' popover comes with the floating parts (floating-later.tsx), after the page's first draw; the
  // dislike itself never waits for it (it is saved at once, the question is optional).
  const floating = useFloating();
  return (
    <>
      <span ref={anchor}>
        <VoteButton
          type="dislike"
          current={disliked ? 'dislike' : null}
          label={t('chat.dislike')}
          onVote={() => {
            if (disliked) return onUndo();
            onDislike();
            setAsking(true);
          }}
        />
      </span>
      {floating && (
        <DislikeReasons
          floating={floating}
          anchor={anchor}
          open={asking}
          onOpenChange={setAsking}
          reasons={reasons}
          onDislike={onDislike}
        />
      )}
    </>
  );
}

function DislikeReasons({
  floating: { Popover },
  anchor,
  open,
  onOpenChange,
  reasons,
  onDislike,
}: {
  floating: Floating;
  anchor: RefObject<HTMLSpanElement | null>;
  open: boolean;
  onOpenChange(open: boolean): void;
  reasons: string[];
  onDislike(reason?: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content className="popover dislike-reasons" side="top" data-testid="dislike-reasons">
          <p className="popover-title">{t('chat.dislikeWhy')}</p>
          <div className="chip-row">
            {reasons.map((reason) => (
              <button
                key={reason}
                type="button"
                className="chip"
                onClick={() => {
                  onDislike(reason);
                  onOpenChange(false);
                  toast.success(t('chat.dislikeThanks'));
                }}
                data-testid="dislike-reason"
              >
                {reason}
              </button>
            ))}
          </div>
          <div className="dialog-actions">
            <Popover.Close className="button">{t('chat.dislikeSkip')}</Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export const MessageItem = memo(MessageItemView);
