import { shallowEqual, useSelector } from '@xstate/react';
import {
  type ComponentProps,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import {
  CHAT_IMAGE_MODEL,
  CHAT_IMAGE_TYPE,
  type ChannelDetail,
  type ChatMessage,
  MODEL_GPT4,
  MODEL_STANDARD,
} from '../../../common/contract';
import { tokenStore } from '../../api/storage';
import { currentLanguage } from '../../i18n';
import { cacheOwner } from '../../local/cache-owner';
import { composerDrafts } from '../../local/composer-drafts';
import { sendFeedback } from '../../machines/chat/channel-commands';
import { messagesShown, selectChatView } from '../../machines/chat/selectors';
import { type ChatActorRef, NEW_CHAT_KEY } from '../../machines/root';
import { analytics } from '../../workers/analytics';
import { useOnline } from '../app/online';
import { useLangPath } from '../app/paths';
import { useAuthState, useChatActor, useRootActor } from '../app/root-context';
import { useCacheQuery } from '../app/use-cache-query';
import { useExperiment } from '../app/use-experiment';
import { useShortcut } from '../app/use-shortcut';
import { ImageToolToggle } from '../creation/ImageToolToggle';
import { AttachButton } from '../documents/AttachButton';
import { DocumentChatFrame } from '../documents/DocumentChatFrame';
import { DocChatContext } from '../documents/doc-chat-context';
import { SearchPicker, useSearchMode } from '../documents/SearchPicker';
import { DocumentStarters } from '../landing/DocumentStarters';
import { HomeTemplates } from '../landing/HomeTemplates';
import { BOOT_CHAT_AFTER_PAGE_MS, rememberComposerTools, removeBootChat } from '../layout/boot-shell';
import { useNewChat } from '../layout/use-new-chat';
import { ShareButton } from '../shares/ShareButton';
import { VoiceEffects } from '../voice/VoiceEffects';
import { Composer } from './Composer';
import { takeEarlyMessages } from './early-messages';
import type { InputMessage } from './input-message';
import { ModelPicker } from './ModelPicker';
import { useLandingState, useModelChoice } from './use-models';
import './chat.css';

/**
 * The conversation (the virtual list, answers as Markdown: about 80 KiB gzipped; highlight.js comes after it, for
 * an answer with code) is a chunk of its own, so a new chat's composer is usable before it arrives. A chat with
 * messages loads it beside this page (routes.tsx); a new chat loads it once the browser is idle, before its first
 * answer.
 */
let messageListModule: typeof import('./MessageList') | undefined;
export const loadMessageList = async () => {
  messageListModule ??= await import('./MessageList');
  return messageListModule;
};
const LazyMessageList = lazy(async () => ({ default: (await loadMessageList()).MessageList }));

/**
 * Drawn at once when the chunk is here already (a chat's address loads it with the page): React holds back
 * a Suspense boundary's content for up to 300 ms after its fallback showed, which would keep a cached chat
 * off the screen that long.
 */
function Conversation(props: ComponentProps<typeof LazyMessageList>) {
  const Loaded = messageListModule?.MessageList;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyMessageList {...props} />
    </Suspense>
  );
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 300);
  return () => window.clearTimeout(id);
}

export function HomePage() {
  const actor = useChatActor(NEW_CHAT_KEY, null);
  const channelId = useSelector(actor, (s) => s.context.channelId);
  const [, navigate] = useLocation();
  const to = useLangPath();
  useEffect(() => {
    // The first answer created the channel: the chat now lives at its own address, and what is being typed
    // for the next message goes with it.
    if (!channelId) return;
    composerDrafts.move(NEW_CHAT_KEY, channelId);
    navigate(to(`/chat/${channelId}`), { replace: true });
  }, [channelId, navigate, to]);
  return <ChatView actor={actor} channelId={null} />;
}

/** `loaded`: the chat as it was asked for beside this page's code when the app was opened here (routes.tsx). */
export function ChannelPage({ loaded }: { loaded?: ChannelDetail | null }) {
  const { channelId = '' } = useParams();
  const opened = loaded?.channel.channelId === channelId ? loaded : null;
  const actor = useChatActor(channelId, channelId, opened);
  const documents = useSelector(actor, (s) => s.context.documents);
  // The chat the boot shell drew leaves when the conversation's rows show (MessageList); this is in case they
  // never do (a chat drawn otherwise), counted from when the page's code is here rather than the app's start.
  useEffect(() => {
    const id = window.setTimeout(removeBootChat, BOOT_CHAT_AFTER_PAGE_MS);
    return () => window.clearTimeout(id);
  }, []);
  return (
    <DocumentChatFrame key={channelId} channelId={channelId} docs={documents}>
      <ChatView key={channelId} actor={actor} channelId={channelId} opened={opened} />
    </DocumentChatFrame>
  );
}

function ChatView({
  actor,
  channelId,
  opened = null,
}: {
  actor: ChatActorRef;
  channelId: string | null;
  /** The channel as fetched before the page drew: its messages are the first render's, before the cache's. */
  opened?: ChannelDetail | null;
}) {
  // A chat that is gone (deleted elsewhere, or not the caller's) leaves the person a way on: a new chat.
  const newChat = useNewChat();
  const { t } = useTranslation();
  // Loaded already beside a chat with messages; a new chat fetches it after its composer is up.
  useEffect(() => whenIdle(() => void loadMessageList()), []);
  const online = useOnline();
  const auth = useAuthState();
  const { landing, settled: landingSettled } = useLandingState();
  const [composerDraft, setComposerDraft] = useState<{ text: string; seq: number }>();
  const root = useRootActor();
  const { model, choose } = useModelChoice(landing, auth.user, auth.isGuest, (prompt) =>
    root.send({ type: 'UPGRADE.REQUIRED', prompt }),
  );
  const [imageTool, setImageTool] = useState(false);
  const search = useSearchMode();
  // The upgrade experiment: GPT-4 does not answer with web search; turning search on moves a GPT-4 pick
  // back to Standard.
  const upgradeExperiment = useExperiment('upgrade');
  const searchBlocksGpt4 = upgradeExperiment && search.mode === 'web';
  useEffect(() => {
    if (searchBlocksGpt4 && model === MODEL_GPT4) choose(MODEL_STANDARD);
  }, [searchBlocksGpt4, model, choose]);
  const docChat = useContext(DocChatContext);
  const chat = useSelector(actor, selectChatView, shallowEqual);
  // A message the server refused before starting comes back into the composer: nothing typed is lost.
  useEffect(() => {
    if (chat.returnedText) setComposerDraft(chat.returnedText);
  }, [chat.returnedText]);
  const draftKey = channelId ?? NEW_CHAT_KEY;
  // A question on its way stays on the device until the server takes it (its answer starts), or until it is
  // back in the composer; a reload or a crash before that gives it back to the composer (Composer reads it).
  // One that failed before the server took it is still held: it is shown failed, and a reload returns it.
  const unsentHeld = chat.waitingForMeta || (chat.failed && !chat.answerMessageId);
  // The answer's id is a dependency too: a start so quick that no render saw it waiting still releases it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: answerMessageId re-runs it, see above
  useEffect(() => {
    if (!unsentHeld) composerDrafts.releaseUnsent(draftKey);
  }, [unsentHeld, draftKey, chat.answerMessageId]);
  // The first render draws the server's answer when the loader had it before the page's code (it wrote the same
  // messages to the cache, so the cache's first answer matches them), else the cache's messages read while the
  // page's code loaded (routes.tsx), else nothing until the live query answers.
  const [early] = useState(() => takeEarlyMessages(channelId));
  // Not the previous user's messages on this device while the new one's list is on its way (cacheOwner.holds).
  const cached = useCacheQuery(
    async ({ channels }) => {
      if (!channelId) return [] as ChatMessage[];
      // Read either way, so the query wakes when the new owner's messages land.
      const rows = await channels.messages(channelId);
      return cacheOwner.holds(tokenStore.current()) ? rows : [];
    },
    [channelId],
    opened?.messages ?? early,
  );

  const messages = useMemo(() => messagesShown(cached, chat), [cached, chat]);
  const box = useRef<HTMLDivElement>(null);
  // What the boot shell of the next visit keeps above its composer on a chat (public/theme.js).
  useEffect(() => {
    if (channelId) rememberComposerTools(box.current?.querySelector('.composer-tools'));
  }, [channelId]);

  const send = useCallback(
    (text: string, record: InputMessage) => {
      // How the message was written (typing time, pasted or not), never its words.
      void analytics.track(
        'message_sent',
        { inputId: record.id, pasted: record.pasted, duration: record.duration ?? 0, length: text.length },
        currentLanguage(),
      );
      composerDrafts.holdUnsent(draftKey, text);
      actor.send({
        type: 'SEND',
        text,
        model,
        language: currentLanguage(),
        searchMode: search.mode ?? undefined,
        chatType: imageTool && model === CHAT_IMAGE_MODEL ? CHAT_IMAGE_TYPE : undefined,
      });
      return true;
    },
    [actor, model, search.mode, imageTool, draftKey],
  );
  const actions = useMemo(
    () => ({
      onRegenerate: channelId
        ? () => actor.send({ type: 'REGENERATE', model, language: currentLanguage() })
        : undefined,
      onFeedback: (message: ChatMessage, type: 'like' | 'dislike' | null, reason?: string) =>
        void sendFeedback(message.id, type, message.feedback, reason),
      onEdit:
        channelId && online && !chat.active
          ? (message: ChatMessage, text: string) =>
              actor.send({
                type: 'SEND',
                text,
                model,
                language: currentLanguage(),
                searchMode: search.mode ?? undefined,
                editMessageId: message.id,
              })
          : undefined,
    }),
    [actor, channelId, model, online, chat.active, search.mode],
  );
  // Escape stops an answer being written (as in the best chat apps), also from the composer; a dialog's own
  // Escape (closing it) is left alone.
  useShortcut(
    { code: 'Escape' },
    (event) => {
      if (event.defaultPrevented || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      actor.send({ type: 'STOP' });
    },
    { enabled: chat.active, inFields: true, inEditors: true },
  );

  if (chat.notFound) {
    return (
      <div className="empty-state" data-testid="chat-not-found">
        <p>{t('chat.notFound')}</p>
        <button type="button" className="button primary" onClick={newChat}>
          {t('layout.newChat')}
        </button>
      </div>
    );
  }
  // A channel shows the empty chat's welcome only once it is known to have no messages: not before the
  // cache has answered, nor while its first load from the server is under way.
  const unknown = channelId !== null && (cached === undefined || chat.syncing);
  return (
    <div className="chat" ref={box}>
      {messages.length === 0 && unknown ? (
        <div className="welcome" data-testid="chat-loading">
          <h1 className="visually-hidden">{t('chat.heading')}</h1>
        </div>
      ) : messages.length === 0 ? (
        <div className="welcome home-welcome">
          <h1>{t('chat.welcome')}</h1>
          {!channelId && (
            <HomeTemplates
              landing={landingSettled ? landing : undefined}
              onDraft={(text) => setComposerDraft({ text, seq: Date.now() })}
            />
          )}
          {channelId && docChat && (
            <DocumentStarters onDraft={(text) => setComposerDraft({ text, seq: Date.now() })} />
          )}
        </div>
      ) : (
        <>
          {/* The screen's one heading, for screen readers; the conversation is its content. */}
          <h1 className="visually-hidden">{t('chat.heading')}</h1>
          <Conversation messages={messages} actions={actions} />
        </>
      )}
      {chat.active && chat.reconnectAttempt > 0 && (
        <p className="reconnecting muted small" role="status" data-testid="reconnecting">
          {t('chat.reconnecting', { attempt: chat.reconnectAttempt })}
        </p>
      )}
      <VoiceEffects last={messages[messages.length - 1]} />
      <Composer
        busy={chat.active}
        disabled={!online || !auth.ready}
        disabledReason={!online ? t('chat.offlineComposer') : t('layout.connecting')}
        onSend={send}
        onStop={() => actor.send({ type: 'STOP' })}
        draft={composerDraft}
        draftKey={draftKey}
      >
        <ModelPicker
          landing={landing}
          model={model}
          isGuest={auth.isGuest}
          unlimitedPlan={!!auth.user?.isUnlimited}
          onChoose={choose}
          unavailable={
            searchBlocksGpt4 ? { models: [MODEL_GPT4], reason: t('chat.gpt4NoWebSearch') } : undefined
          }
        />
        {!channelId && <AttachButton />}
        {channelId && <ShareButton channelId={channelId} disabled={!online || chat.active} />}
        <SearchPicker mode={search.mode} onChoose={search.choose} />
        {model === CHAT_IMAGE_MODEL && <ImageToolToggle on={imageTool} onChange={setImageTool} />}
      </Composer>
    </div>
  );
}
