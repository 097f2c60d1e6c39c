// The document chat screen: the chat with its documents beside it. A channel without documents renders the
// chat alone. Citations [n] of an answer open the cited page of the cited document.

import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerSource, DocumentInChat, LinkSource } from '../../../common/contract';
import { docsApi } from '../../api/documents';
import { readOneChatState, saveOneChatState } from '../../local/one-chat-state';
import type { ChannelDocuments } from '../../machines/chat/chat.machine';
import { useCacheQuery } from '../app/use-cache-query';
import { toast } from '../kit/toast';
import { DocChatContext } from './doc-chat-context';
import { LinkSourcesContext } from './link-sources-context';
import './doc-chat.css';

/**
 * The document pane (page text, pictures, their virtual lists) is a chunk of its own, off the home route's
 * first download; a chat's route loads it beside the page (routes.tsx), so a document chat is not slower.
 */
const loadDocumentPane = () => import('./DocumentPane');
const DocumentPane = lazy(async () => ({ default: (await loadDocumentPane()).DocumentPane }));

/**
 * The channel's documents: kept on the device for a document chat, else as the chat's actor loaded the
 * channel (its one getChannel; the frame asks for nothing itself). A document chat's are kept once known.
 */
function useChannelDocs(channelId: string, loaded: ChannelDocuments | null) {
  const kept = useMemo(() => readOneChatState(channelId)?.docs ?? null, [channelId]);
  useEffect(() => {
    if (!kept && loaded?.docs.length) saveOneChatState({ channelId, docs: loaded.docs, model: loaded.model });
  }, [channelId, kept, loaded]);
  return kept ?? loaded?.docs ?? null;
}

/** The web and academic sources of the channel's answers, fetched again whenever an answer finishes. */
function useLinkSources(channelId: string) {
  const [links, setLinks] = useState<Map<string, LinkSource[]>>(new Map());
  const finished = useCacheQuery(
    async ({ channels }) =>
      (await channels.messages(channelId)).filter((m) => m.role === 'assistant' && m.status !== 'streaming')
        .length,
    [channelId],
  );
  useEffect(() => {
    if (!finished) return;
    const controller = new AbortController();
    docsApi.linkSources(channelId, controller.signal).then(
      (list) => {
        const map = new Map<string, LinkSource[]>();
        for (const link of list) map.set(link.messageId, [...(map.get(link.messageId) ?? []), link]);
        setLinks(map);
      },
      () => {},
    );
    return () => controller.abort();
  }, [channelId, finished]);
  return links;
}

export function DocumentChatFrame({
  channelId,
  docs: loaded,
  children,
}: {
  channelId: string;
  /** The channel's documents as its last load from the server listed them; null until then (or offline). */
  docs: ChannelDocuments | null;
  children: ReactNode;
}) {
  const docs = useChannelDocs(channelId, loaded);
  const links = useLinkSources(channelId);
  return (
    <LinkSourcesContext.Provider value={links}>
      {!docs || docs.length === 0 ? (
        children
      ) : (
        <DocumentChat channelId={channelId} docs={docs}>
          {children}
        </DocumentChat>
      )}
    </LinkSourcesContext.Provider>
  );
}

function DocumentChat({
  channelId,
  docs,
  children,
}: {
  channelId: string;
  docs: DocumentInChat[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState<{ md5: string; page: number; seq: number }>({
    md5: docs[0].md5,
    page: 1,
    seq: 0,
  });

  const openCitation = useCallback(
    async (messageId: string, n: number | null) => {
      let sources: AnswerSource[] = [];
      try {
        sources = n === null ? [] : await docsApi.sources(channelId);
      } catch {
        sources = [];
      }
      const source = sources.find((s) => s.messageId === messageId && s.n === n);
      if (!source) {
        toast.error(t('documents.urlNotFound'));
        return;
      }
      setActive((current) => ({ md5: source.md5, page: source.page, seq: current.seq + 1 }));
    },
    [channelId, t],
  );
  const context = useMemo(
    () => ({ openCitation: (id: string, n: number | null) => void openCitation(id, n) }),
    [openCitation],
  );

  return (
    <DocChatContext.Provider value={context}>
      <div className="doc-chat" data-testid="doc-chat">
        <Suspense fallback={null}>
          <DocumentPane
            docs={docs}
            active={active}
            onSelect={(md5) => setActive((current) => ({ md5, page: 1, seq: current.seq + 1 }))}
            onOpenPage={(md5, page) => setActive((current) => ({ md5, page, seq: current.seq + 1 }))}
          />
        </Suspense>
        <div className="doc-chat-conversation">{children}</div>
      </div>
    </DocChatContext.Provider>
  );
}
