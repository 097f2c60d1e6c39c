// Retrieval by meaning, when the AI provider offers embeddings: each chunk's unit-length vector is kept in a
// real[] and the question's nearest chunks are found by dot product in SQL (PGlite and PostgreSQL alike).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { chunkEmbeddings, documentChunks } from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import type { AiProvider } from '../../providers/ai/index.js';
import type { Caller } from '../auth/sessions.js';

const BATCH = 64;

const unit = (vector: number[]) => {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0)) || 1;
  return vector.map((x) => x / norm);
};

export interface ChunkHit {
  documentId: string;
  seq: number;
  page: number;
  content: string;
}

export function createEmbeddingIndex(deps: {
  db: Database;
  ai: AiProvider;
  model: string | null;
  logger: Logger;
}) {
  const { db, ai } = deps;
  const embed = ai.embed?.bind(ai);
  const model = deps.model ?? 'default';
  return {
    available: Boolean(embed),

    /** Embeds a new document's chunks; a failure leaves it to full-text search alone. */
    async index(documentId: string, ownerId: string, chunks: { seq: number; content: string }[]) {
      if (!embed) return;
      try {
        for (let start = 0; start < chunks.length; start += BATCH) {
          const batch = chunks.slice(start, start + BATCH);
          const vectors = await embed(batch.map((c) => c.content));
          await db.insert(chunkEmbeddings).values(
            batch.map((chunk, index) => ({
              documentId,
              seq: chunk.seq,
              ownerId,
              model,
              embedding: unit(vectors[index] ?? []),
            })),
          );
        }
      } catch (error) {
        deps.logger.warn({ err: error, documentId }, 'embedding a document failed; full-text search only');
      }
    },

    /** The caller's chunks of these documents nearest in meaning to the question (none without embeddings). */
    async nearest(
      caller: Caller,
      documentIds: string[],
      question: string,
      limit: number,
    ): Promise<ChunkHit[]> {
      if (!embed || documentIds.length === 0) return [];
      let vector: number[];
      try {
        vector = unit((await embed([question]))[0] ?? []);
      } catch (error) {
        deps.logger.warn({ err: error }, 'embedding a question failed; full-text search only');
        return [];
      }
      if (vector.length === 0 || vector.some((x) => !Number.isFinite(x))) return [];
      const literal = `{${vector.join(',')}}`;
      const score = sql`(select sum(a * b) from unnest(${chunkEmbeddings.embedding}, ${literal}::real[]) as t(a, b))`;
      return db
        .select({
          documentId: documentChunks.documentId,
          seq: documentChunks.seq,
          page: documentChunks.page,
          content: documentChunks.content,
        })
        .from(chunkEmbeddings)
        .innerJoin(
          documentChunks,
          and(
            eq(documentChunks.documentId, chunkEmbeddings.documentId),
            eq(documentChunks.seq, chunkEmbeddings.seq),
          ),
        )
        .where(
          and(
            inArray(chunkEmbeddings.documentId, documentIds),
            eq(chunkEmbeddings.ownerId, caller.userId),
            eq(chunkEmbeddings.model, model),
          ),
        )
        .orderBy(sql`${score} desc nulls last`)
        .limit(limit);
    },
  };
}

export type EmbeddingIndex = ReturnType<typeof createEmbeddingIndex>;
