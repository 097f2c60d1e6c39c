// Document chats: channels over a user's documents (chatCreateUsingPOST and createNewChat),
// their docEntries, and the grounding of each answer in page-numbered chunks found by full-text search.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AnswerSource,
  type ChannelSummary,
  type DocChatCreated,
  type DocumentInChat,
  type LinkSource,
  MULTI_DOC_MAX_NON_PRO,
  MULTI_DOC_MAX_PRO,
  ResponseCode,
  type SearchMode,
} from '../../../common/contract/index.js';
import { clipText } from '../../../common/text.js';
import type { Database } from '../../db/client.js';
import {
  answerLinks,
  answerSources,
  channelDocuments,
  channels,
  documentChunks,
  documents,
} from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { GroundingSource } from '../../providers/ai/provider.js';
import type { SearchProvider } from '../../providers/search/index.js';
import type { Caller } from '../auth/sessions.js';
import { toChannelSummary } from '../chat/channel-rows.js';
import { assertModelAllowed } from '../chat/models.js';
import type { DocumentRow, DocumentService } from './documents.js';
import type { EmbeddingIndex } from './embeddings.js';
import { queryTerms } from './text.js';

/** Chunks given to the model per answer. */
const SOURCES_PER_ANSWER = 6;
export const DOC_CHANNEL_TYPES = new Set(['ONE_CHAT', 'DOC']);

const toDocInChat = (row: DocumentRow): DocumentInChat => ({
  file_name: row.fileName,
  file_type: row.contentType,
  file_page_count: row.pageCount,
  file_pages_estimated: row.pagesEstimated,
  md5: row.md5,
});

/** docEntries of each channel (only channels that have documents appear in the map). */
export async function docEntriesByChannel(
  db: Database,
  channelIds: string[],
): Promise<Map<string, { fileTypeEnum: string; docEntries: { multiDoc: boolean; docs: DocumentInChat[] } }>> {
  const map = new Map<
    string,
    { fileTypeEnum: string; docEntries: { multiDoc: boolean; docs: DocumentInChat[] } }
  >();
  if (channelIds.length === 0) return map;
  const rows = await db
    .select({ channelId: channelDocuments.channelId, doc: documents })
    .from(channelDocuments)
    .innerJoin(documents, eq(documents.id, channelDocuments.documentId))
    .where(inArray(channelDocuments.channelId, channelIds))
    .orderBy(asc(channelDocuments.position));
  for (const row of rows) {
    const entry = map.get(row.channelId) ?? {
      fileTypeEnum: row.doc.fileType,
      docEntries: { multiDoc: false, docs: [] },
    };
    entry.docEntries.docs.push(toDocInChat(row.doc));
    entry.docEntries.multiDoc = entry.docEntries.docs.length > 1;
    map.set(row.channelId, entry);
  }
  return map;
}

/** Search results given to the model per answer. */
const LINKS_PER_ANSWER = 8;

export function createDocChatService(deps: {
  db: Database;
  documents: DocumentService;
  search: Partial<Record<SearchMode, SearchProvider>>;
  embeddings?: EmbeddingIndex;
}) {
  const { db } = deps;

  async function ownedDocs(caller: Caller, md5s: string[]): Promise<DocumentRow[]> {
    const unique = [...new Set(md5s.map((m) => m.toLowerCase()))];
    const rows = await db
      .select()
      .from(documents)
      .where(and(eq(documents.ownerId, caller.userId), inArray(documents.md5, unique)));
    if (rows.length !== unique.length) throw notFound('docs.notFound');
    return unique.map((md5) => rows.find((r) => r.md5 === md5) as DocumentRow);
  }

  async function checkMultiDocLimit(caller: Caller, countOfDocs: number) {
    const plan = await deps.documents.planOf(caller);
    const limit = plan.isLogin && plan.isPro ? MULTI_DOC_MAX_PRO : MULTI_DOC_MAX_NON_PRO;
    if (countOfDocs > limit)
      throw new AppError(ResponseCode.BadRequest, 'docs.tooManyDocs', {
        httpStatus: 400,
        params: { count: String(limit) },
      });
  }

  async function openChannel(
    caller: Caller,
    docs: DocumentRow[],
    options: { model: string; channelType: 'ONE_CHAT' | 'DOC' },
  ) {
    // Pro models are for paid plans (billing): a paying member may open a document chat with one.
    assertModelAllowed(caller, options.model, (await deps.documents.planOf(caller)).isPro);
    await checkMultiDocLimit(caller, docs.length);
    const name = clipText(
      docs.length > 1 ? `${docs[0].topic} +${docs.length - 1}` : docs[0].topic || docs[0].fileName,
      200,
    );
    const [channel] = await db
      .insert(channels)
      .values({
        id: newId(),
        ownerId: caller.userId,
        name,
        model: options.model,
        channelType: options.channelType,
      })
      .returning();
    await db
      .insert(channelDocuments)
      .values(docs.map((doc, position) => ({ channelId: channel.id, documentId: doc.id, position })));
    return channel;
  }

  async function docsOfChannel(caller: Caller, channelId: string): Promise<DocumentRow[]> {
    const rows = await db
      .select({ doc: documents })
      .from(channelDocuments)
      .innerJoin(documents, eq(documents.id, channelDocuments.documentId))
      .innerJoin(channels, eq(channels.id, channelDocuments.channelId))
      .where(and(eq(channelDocuments.channelId, channelId), eq(channels.ownerId, caller.userId)))
      .orderBy(asc(channelDocuments.position));
    return rows.map((r) => r.doc);
  }

  return {
    /** chatCreateUsingPOST: a one-chat channel over documents already created, or over a url. */
    async create(
      caller: Caller,
      request: {
        model: string;
        md5?: string;
        md5s?: string[];
        url?: string;
        channelType: 'ONE_CHAT' | 'DOC';
      },
    ): Promise<DocChatCreated> {
      const md5s = [...(request.md5 ? [request.md5] : []), ...(request.md5s ?? [])];
      if (request.url) md5s.push((await deps.documents.fromUrl(caller, request.url)).md5);
      const docs = await ownedDocs(caller, md5s);
      const channel = await openChannel(caller, docs, request);
      return {
        channel_id: channel.id,
        channel_name: channel.name,
        md5: docs[0].md5,
        model: channel.model,
        docs: docs.map(toDocInChat),
      };
    },

    /** createNewChat: a fresh channel over the given documents or over those of an existing channel. */
    async createNewChat(
      caller: Caller,
      request: {
        channelId?: string;
        docs?: { md5: string }[];
        channelType: 'ONE_CHAT' | 'DOC';
        model: string;
      },
    ): Promise<ChannelSummary> {
      const docs = request.docs?.length
        ? await ownedDocs(
            caller,
            request.docs.map((d) => d.md5),
          )
        : await docsOfChannel(caller, request.channelId ?? '');
      if (docs.length === 0) throw notFound('channel.notFound');
      const channel = await openChannel(caller, docs, request);
      const entries = await docEntriesByChannel(db, [channel.id]);
      return { ...toChannelSummary(channel), ...entries.get(channel.id) };
    },

    /**
     * The numbered sources of an answer in a document chat (null for other chats): the chunks of the
     * channel's documents that best match the question, else each document's opening, in page order.
     */
    async ground(
      caller: Caller,
      channelId: string,
      channelType: string,
      question: string,
      searchMode?: SearchMode,
    ): Promise<GroundingSource[] | null> {
      if (searchMode) {
        const provider = deps.search[searchMode];
        if (!provider)
          throw new AppError(
            ResponseCode.BadRequest,
            searchMode === 'web' ? 'search.webOff' : 'search.academicOff',
            {
              httpStatus: 400,
            },
          );
        let links: Awaited<ReturnType<SearchProvider['search']>>;
        try {
          links = await provider.search(question, { limit: LINKS_PER_ANSWER });
        } catch {
          throw new AppError(ResponseCode.ServerError, 'search.failed', { httpStatus: 502 });
        }
        return links.map((link, index) => ({
          n: index + 1,
          documentId: '',
          fileName: link.title,
          page: 0,
          text: `${link.title}. ${link.snippet}`,
          link: { ...link, kind: searchMode },
        }));
      }
      if (!DOC_CHANNEL_TYPES.has(channelType)) return null;
      const docs = await docsOfChannel(caller, channelId);
      if (docs.length === 0) return null;
      const ids = docs.map((d) => d.id);
      const terms = queryTerms(question);
      type Hit = { documentId: string; seq: number; page: number; content: string };
      let hits: Hit[] = [];
      if (terms.length > 0) {
        const tsquery = terms.map((t) => (t.length >= 4 ? `${t}:*` : t)).join(' | ');
        hits = await db
          .select({
            documentId: documentChunks.documentId,
            seq: documentChunks.seq,
            page: documentChunks.page,
            content: documentChunks.content,
          })
          .from(documentChunks)
          .where(
            and(
              inArray(documentChunks.documentId, ids),
              eq(documentChunks.ownerId, caller.userId),
              sql`to_tsvector('simple', ${documentChunks.content}) @@ to_tsquery('simple', ${tsquery})`,
            ),
          )
          .orderBy(
            sql`ts_rank_cd(to_tsvector('simple', ${documentChunks.content}), to_tsquery('simple', ${tsquery})) desc`,
            asc(documentChunks.seq),
          )
          .limit(SOURCES_PER_ANSWER);
      }
      // By meaning too, when the provider offers embeddings: the nearest chunks first, then the word matches.
      const near = (await deps.embeddings?.nearest(caller, ids, question, SOURCES_PER_ANSWER / 2)) ?? [];
      if (near.length) {
        const seen = new Set(near.map((h) => `${h.documentId}:${h.seq}`));
        hits = [...near, ...hits.filter((h) => !seen.has(`${h.documentId}:${h.seq}`))].slice(
          0,
          SOURCES_PER_ANSWER,
        );
      }
      if (hits.length === 0) {
        const perDoc = Math.max(1, Math.floor(SOURCES_PER_ANSWER / docs.length));
        for (const id of ids) {
          hits.push(
            ...(await db
              .select({
                documentId: documentChunks.documentId,
                seq: documentChunks.seq,
                page: documentChunks.page,
                content: documentChunks.content,
              })
              .from(documentChunks)
              .where(and(eq(documentChunks.documentId, id), eq(documentChunks.ownerId, caller.userId)))
              .orderBy(asc(documentChunks.seq))
              .limit(perDoc)),
          );
        }
      }
      const order = new Map(ids.map((id, index) => [id, index]));
      hits.sort((a, b) => (order.get(a.documentId) ?? 0) - (order.get(b.documentId) ?? 0) || a.seq - b.seq);
      return hits.map((hit, index) => {
        const doc = docs.find((d) => d.id === hit.documentId) as DocumentRow;
        return {
          n: index + 1,
          documentId: doc.id,
          fileName: doc.fileName,
          page: hit.page,
          text: hit.content,
        };
      });
    },

    async recordSources(messageId: string, channelId: string, all: GroundingSource[]) {
      const links = all.filter((s) => s.link);
      if (links.length > 0)
        await db.insert(answerLinks).values(
          links.map((s) => {
            const link = s.link as NonNullable<GroundingSource['link']>;
            return {
              messageId,
              channelId,
              n: s.n,
              kind: link.kind,
              url: link.url,
              title: link.title,
              favicon: link.favicon,
              source: link.source,
              publishDate: link.publishDate,
              snippet: link.snippet,
              isPdf: link.isPdf,
            };
          }),
        );
      const sources = all.filter((s) => !s.link);
      if (sources.length === 0) return;
      await db.insert(answerSources).values(
        sources.map((s) => ({
          messageId,
          channelId,
          n: s.n,
          documentId: s.documentId,
          page: s.page,
          excerpt: clipText(s.text, 300),
        })),
      );
    },

    async links(caller: Caller, channelId: string): Promise<LinkSource[]> {
      const [channel] = await db
        .select({ id: channels.id })
        .from(channels)
        .where(and(eq(channels.id, channelId), eq(channels.ownerId, caller.userId)));
      if (!channel) throw notFound('channel.notFound');
      const rows = await db
        .select()
        .from(answerLinks)
        .where(eq(answerLinks.channelId, channelId))
        .orderBy(asc(answerLinks.messageId), asc(answerLinks.n));
      return rows.map(({ channelId: _c, ...row }) => row);
    },

    async sources(caller: Caller, channelId: string): Promise<AnswerSource[]> {
      const rows = await db
        .select({ source: answerSources, md5: documents.md5, fileName: documents.fileName })
        .from(answerSources)
        .innerJoin(channels, eq(channels.id, answerSources.channelId))
        .innerJoin(documents, eq(documents.id, answerSources.documentId))
        .where(and(eq(answerSources.channelId, channelId), eq(channels.ownerId, caller.userId)))
        .orderBy(asc(answerSources.messageId), asc(answerSources.n));
      if (rows.length === 0) {
        const [channel] = await db
          .select({ id: channels.id })
          .from(channels)
          .where(and(eq(channels.id, channelId), eq(channels.ownerId, caller.userId)));
        if (!channel) throw notFound('channel.notFound');
      }
      return rows.map((r) => ({
        messageId: r.source.messageId,
        n: r.source.n,
        md5: r.md5,
        fileName: r.fileName,
        page: r.source.page,
        excerpt: r.source.excerpt,
      }));
    },
  };
}

export type DocChatService = ReturnType<typeof createDocChatService>;
