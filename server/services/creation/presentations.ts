// Presentations: an outline from a topic or a document, then slides, each streamed as it is made; stored per
// owner. A generation is a streaming run like a chat answer: it lives apart from the request, its chunks are
// stored before clients get them and its row is leased to the instance generating it, so a dropped client
// resumes by requestId on any instance, and when that instance dies another one continues the generation.
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, desc, eq, gte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  GeneratePresentationRequest,
  UpdateOutlineRequest,
} from '../../../common/contract/creation.schema.js';
import {
  type GeneratedBy,
  MODEL_STANDARD,
  type OutlineSection,
  type Presentation,
  type PresentationChunk,
  type PresentationStreamMeta,
  type PresentationSummary,
  ResponseCode,
  type Slide,
} from '../../../common/contract/index.js';
import { clipText } from '../../../common/text.js';
import type { Database } from '../../db/client.js';
import { presentationRunChunks, presentationRuns, presentations } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Logger } from '../../logger.js';
import { translate } from '../../messages/index.js';
import type { AiProvider } from '../../providers/ai/index.js';
import {
  type DraftOutline,
  offlineSlide,
  outlineFromDocument,
  outlineFromTopic,
  parseOutlineMarkdown,
  parseSlideMarkdown,
} from '../../providers/ai/offline-presentation.js';
import type { Caller } from '../auth/sessions.js';
import type { Meter } from '../billing/quotas.js';
import type { AnswerBus } from '../chat/answer-bus.js';
import { assertModelAllowed } from '../chat/models.js';
import { type createLease, startLeaseRounds } from '../run-lease.js';
import { createChunkJournal, type FinalStatus, followStored, type Piece, StreamRun } from '../stream-run.js';

type Row = typeof presentations.$inferSelect;
type RunRow = typeof presentationRuns.$inferSelect;
export type PresentationRun = StreamRun<PresentationChunk, PresentationStreamMeta>;
type GenerateInput = z.output<typeof GeneratePresentationRequest>;
type Language = Parameters<typeof translate>[0];
type Source = { topic: string; document: { text: string; fileName: string; pages: string[] } | null };

/** Reads an uploaded document's text for the caller; null when the caller has no such document. */
export type DocumentTextReader = (
  caller: Caller,
  md5: string,
) => Promise<{ pages: string[]; fileName: string } | null>;

const RETAIN_FINISHED_RUN_MS = 5 * 60 * 1000;
const DOCUMENT_CHARS_FOR_AI = 12_000;
/** The abort reason of runs this instance stops generating but another instance continues. */
const HANDOVER = 'handed over';
/** The abort reason of runs another instance took over (this one was presumed dead). */
const LEASE_LOST = 'lease lost';
/** Signals about presentation runs share the answers' channels: their keys never look like a message id. */
const busKey = (requestId: string) => `presentation:${requestId}`;

/** An outline as the Markdown the model writes: what a continuing model is handed as its own text so far. */
const outlineMarkdown = (draft: DraftOutline) =>
  [
    `# ${draft.title}`,
    ...draft.sections.map((s) => `## ${s.title}\n${s.points.map((p) => `- ${p}`).join('\n')}`),
    '',
  ].join('\n\n');

const toSummary = (row: Row): PresentationSummary => ({
  presentationId: row.id,
  title: row.title,
  type: row.type,
  templateId: row.templateId,
  slideCount: row.type === 'slides' ? row.slides.length : row.outline.length,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const toPresentation = (row: Row): Presentation => ({
  ...toSummary(row),
  topic: row.topic,
  sourceMd5: row.sourceMd5,
  outline: row.outline,
  slides: row.slides,
  generatedBy: row.generatedBy,
});

const busy = () => new AppError(ResponseCode.BadRequest, 'presentation.busy', { httpStatus: 409 });

export function createPresentationService(deps: {
  db: Database;
  ai: AiProvider;
  logger: Logger;
  offlineDelayMs: number;
  readDocument?: DocumentTextReader;
  /** Each outline and each slides step is a model call against the plan's quota. */
  meter: Pick<Meter, 'charge'>;
  /** Which instance generates which run (the lease on its presentation_runs row). */
  lease: ReturnType<typeof createLease<typeof presentationRuns>>;
  /** Signals to the other instances on the same database (and to followers here). */
  bus: AnswerBus;
  /** Set when other instances may share the database (PostgreSQL): renew leases and adopt stale ones. */
  leaseMs: number | null;
}) {
  const { db, ai, logger, lease } = deps;
  /** requestId -> the run this instance generates or follows (kept a while after it ends, for resumes). */
  const runs = new Map<string, PresentationRun>();
  const starting = new Map<string, Promise<PresentationRun>>();
  /** Runs generated on other instances that clients here follow. */
  const following = new WeakSet<PresentationRun>();
  const journal = createChunkJournal<PresentationRun>({
    store: async (batch) => {
      await db
        .insert(presentationRunChunks)
        .values(
          batch.map(({ run, chunk: { chunkId, ...chunk } }) => ({
            requestId: run.requestId,
            seq: chunkId,
            chunk,
          })),
        )
        .onConflictDoNothing();
    },
    onError: (error) => logger.error({ err: error }, 'storing presentation chunks failed'),
    onStored: (stored) => deps.bus.stored(stored.map((run) => busKey(run.requestId))),
  });
  const emit = (run: PresentationRun, piece: Piece<PresentationChunk>) => journal.append(run, piece);

  async function find(id: string) {
    return (await db.select().from(presentations).where(eq(presentations.id, id)).limit(1))[0];
  }
  async function owned(caller: Caller, id: string): Promise<Row> {
    const row = await find(id);
    if (!row || row.ownerId !== caller.userId) throw notFound('presentation.notFound');
    return row;
  }
  const save = (ownerId: string, id: string, values: Partial<Row>) =>
    db
      .update(presentations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(presentations.id, id), eq(presentations.ownerId, ownerId)));

  async function storedChunks(requestId: string, fromChunkId = 0): Promise<PresentationChunk[]> {
    const rows = await db
      .select()
      .from(presentationRunChunks)
      .where(and(eq(presentationRunChunks.requestId, requestId), gte(presentationRunChunks.seq, fromChunkId)))
      .orderBy(asc(presentationRunChunks.seq));
    return rows.map((row) => ({ ...row.chunk, chunkId: row.seq }));
  }
  const runOf = (row: RunRow): PresentationRun =>
    new StreamRun(row.requestId, row.ownerId, {
      presentationId: row.presentationId,
      step: row.step,
      generatedBy: row.generatedBy,
    });
  /** Whether a generation of this presentation is running, on any instance. */
  async function running(presentationId: string): Promise<RunRow | undefined> {
    return (
      await db
        .select()
        .from(presentationRuns)
        .where(
          and(eq(presentationRuns.presentationId, presentationId), eq(presentationRuns.status, 'streaming')),
        )
        .limit(1)
    )[0];
  }
  const forget = (run: PresentationRun) =>
    setTimeout(() => {
      if (runs.get(run.requestId) === run) runs.delete(run.requestId);
    }, RETAIN_FINISHED_RUN_MS).unref();

  /** A run another instance generates: what is stored, then live as that instance stores more. */
  async function follow(run: PresentationRun): Promise<PresentationRun> {
    following.add(run);
    runs.set(run.requestId, run);
    void run.finished.then(() => forget(run));
    await followStored({
      run,
      bus: deps.bus,
      key: busKey(run.requestId),
      readChunks: (from) => storedChunks(run.requestId, from),
      readStatus: async () =>
        (
          await db
            .select({ status: presentationRuns.status })
            .from(presentationRuns)
            .where(eq(presentationRuns.requestId, run.requestId))
            .limit(1)
        )[0]?.status ?? null,
      pollMs: Math.max(250, (deps.leaseMs ?? 3000) / 3),
      onError: (error) =>
        logger.warn({ err: error, requestId: run.requestId }, 'following a presentation failed'),
    });
    return run;
  }

  /** A run this instance does not hold in memory: followed while it runs elsewhere, replayed once finished. */
  async function storedRun(caller: Caller, requestId: string): Promise<PresentationRun | null> {
    const [row] = await db
      .select()
      .from(presentationRuns)
      .where(eq(presentationRuns.requestId, requestId))
      .limit(1);
    if (!row) return null;
    if (row.ownerId !== caller.userId) throw notFound('presentation.notFound');
    const run = runOf(row);
    if (row.status === 'streaming') return follow(run);
    for (const chunk of await storedChunks(requestId)) run.restore(chunk);
    run.finish(row.status);
    return run;
  }

  /** The run's row, leased to this instance; null when another run of the presentation is streaming. */
  async function createRun(
    caller: Caller,
    input: GenerateInput,
    meta: PresentationStreamMeta,
    request: RunRow['request'],
  ): Promise<PresentationRun | null> {
    // Finished runs of this presentation are done with: the client asks for a new one.
    await db
      .delete(presentationRuns)
      .where(
        and(
          eq(presentationRuns.presentationId, input.presentationId),
          ne(presentationRuns.status, 'streaming'),
        ),
      );
    const [row] = await db
      .insert(presentationRuns)
      .values({
        id: newId(),
        requestId: input.requestId,
        presentationId: input.presentationId,
        ownerId: caller.userId,
        step: meta.step,
        generatedBy: meta.generatedBy,
        request,
        ...lease.take(),
      })
      // A generation of this presentation started meanwhile (on any instance), or this requestId did.
      .onConflictDoNothing()
      .returning();
    return row ? runOf(row) : null;
  }

  const pace = (signal: AbortSignal) =>
    deps.offlineDelayMs > 0
      ? sleep(deps.offlineDelayMs * 8, undefined, { signal }).catch(() => {})
      : Promise.resolve();

  /** The model's whole text (after `prefix`, the part it is told it already wrote, when given). */
  async function complete(
    model: string,
    prompt: string,
    signal: AbortSignal,
    prefix = '',
    onText?: (text: string) => void,
  ) {
    let text = prefix;
    for await (const piece of ai.stream({
      model,
      messages: [
        {
          role: 'system',
          content: 'You write clear, well-structured presentations. Answer in Markdown only.',
        },
        { role: 'user', content: prompt },
      ],
      signal,
      ...(prefix ? { prefix } : {}),
    })) {
      text += piece;
      onText?.(text);
    }
    return text;
  }

  /** Stored so far (a run taken over from an instance that died): the outline continues after it. */
  function outlineSoFar(run: PresentationRun): DraftOutline {
    const arrived: DraftOutline = { title: '', sections: [] };
    for (const chunk of run.chunks) {
      if (chunk.title) arrived.title = chunk.title;
      if (chunk.section) arrived.sections.push(chunk.section);
    }
    return arrived;
  }

  async function generateOutline(run: PresentationRun, source: Source, model: string, language: string) {
    const { signal } = run.controller;
    const fallbackTitle = source.document?.fileName || clipText(source.topic, 200);
    // What the user has seen so far: a stop keeps it as the outline to edit.
    const arrived = outlineSoFar(run);
    const resumed = { title: Boolean(arrived.title), sections: arrived.sections.length };
    const emitTitle = (title: string, total: number) => {
      arrived.title = title;
      emit(run, { title, done: 0, total });
    };
    const emitSection = (section: OutlineSection, total: number) => {
      arrived.sections.push(section);
      emit(run, { section, done: arrived.sections.length, total });
    };
    let draft: DraftOutline | null = null;
    try {
      draft = await writeOutline(run, source, model, language, resumed, emitTitle, emitSection);
    } catch (error) {
      if (!signal.aborted) throw error;
    }
    if (signal.aborted || !draft) {
      if (arrived.sections.length > 0)
        await save(run.ownerId, run.meta.presentationId, {
          title: arrived.title || fallbackTitle,
          outline: arrived.sections,
          slides: [],
          type: 'outline',
        });
      return;
    }
    if (!draft.title) draft.title = fallbackTitle;
    await save(run.ownerId, run.meta.presentationId, {
      title: draft.title,
      outline: draft.sections,
      slides: [],
      type: 'outline',
    });
  }

  /** Streams the outline through the two emitters; answers the whole draft, or null when stopped. */
  async function writeOutline(
    run: PresentationRun,
    source: Source,
    model: string,
    language: string,
    /** What was already sent (a continued run): the title, and how many sections. */
    resumed: { title: boolean; sections: number },
    emitTitle: (title: string, total: number) => void,
    emitSection: (section: OutlineSection, total: number) => void,
  ): Promise<DraftOutline | null> {
    const { signal } = run.controller;
    if (ai.offline) {
      // Deterministic: a continuation makes the same outline and sends what was not sent yet.
      const draft = source.document
        ? outlineFromDocument(source.document.text, source.document.fileName, source.document.pages, language)
        : outlineFromTopic(source.topic, language);
      const total = draft.sections.length;
      if (!resumed.title) emitTitle(draft.title, total);
      for (const section of draft.sections.slice(resumed.sections)) {
        await pace(signal);
        if (signal.aborted) return null;
        emitSection(section, total);
      }
      return draft;
    }
    const prompt = source.document
      ? `Write a presentation outline for the document below. Start with "# " and the presentation title, then 4 to 10 sections, each "## " and its title followed by 2 to 4 "- " points taken from the document.\n\nDocument "${source.document.fileName}":\n"""\n${source.document.text.slice(0, DOCUMENT_CHARS_FOR_AI)}\n"""`
      : `Write a presentation outline about: ${source.topic}\nStart with "# " and the presentation title, then 4 to 10 sections, each "## " and its title followed by 2 to 4 "- " points.`;
    let emitted = resumed.sections;
    let titleSent = resumed.title;
    // A continued run hands the model the outline sent so far as its own unfinished answer.
    const sent = outlineSoFar(run);
    const prefix = resumed.title || resumed.sections > 0 ? outlineMarkdown(sent) : '';
    const text = await complete(model, prompt, signal, prefix, (partial) => {
      const parsed = parseOutlineMarkdown(partial);
      if (!titleSent && parsed.title && parsed.sections.length > 0) {
        titleSent = true;
        emitTitle(parsed.title, 0);
      }
      // A section is complete once the next one has started.
      while (emitted < parsed.sections.length - 1) emitSection(parsed.sections[emitted++], 0);
    });
    if (signal.aborted) return null;
    const draft = parseOutlineMarkdown(text);
    if (!draft.title) draft.title = source.document?.fileName || clipText(source.topic, 200);
    if (!titleSent) emitTitle(draft.title, 0);
    while (emitted < draft.sections.length) emitSection(draft.sections[emitted++], draft.sections.length);
    if (draft.sections.length === 0) throw new Error('the model wrote no sections');
    return draft;
  }

  async function generateSlides(run: PresentationRun, row: Row, model: string, language: string) {
    const { signal } = run.controller;
    // A continued run goes on after the slides already sent.
    const slides: Slide[] = run.chunks.flatMap((chunk) => (chunk.slide ? [chunk.slide] : []));
    const total = row.outline.length;
    for (const section of row.outline.slice(slides.length)) {
      let slide: Slide;
      if (ai.offline) {
        await pace(signal);
        slide = offlineSlide(section, row.title, language);
      } else {
        const text = await complete(
          model,
          `Presentation: ${row.title}\nSlide title: ${section.title}\nOutline points:\n${section.points.map((p) => `- ${p}`).join('\n')}\n\nWrite 3 to 5 concise bullet points for this slide as "- " lines, then a line "Notes:" followed by one or two sentences of speaker notes.`,
          signal,
        );
        slide = parseSlideMarkdown(text, section);
      }
      if (signal.aborted) return;
      slides.push(slide);
      emit(run, { slide, done: slides.length, total });
      await save(run.ownerId, row.id, { slides: [...slides] });
    }
    await save(run.ownerId, row.id, { slides, type: 'slides' });
  }

  /** Generates the run here; whatever happens, it ends stored (or handed to another instance). */
  function launch(run: PresentationRun, language: Language, work: () => Promise<void>) {
    runs.set(run.requestId, run);
    void work()
      .then(
        () => null,
        (error: unknown) => error,
      )
      .then(async (error) => {
        const reason = run.controller.signal.reason;
        if (reason === HANDOVER || reason === LEASE_LOST) {
          // Another instance continues it from the stored chunks: store ours, write nothing final.
          await journal.drain(run);
          if (reason === LEASE_LOST) return void follow(run);
          await lease
            .release([run.requestId])
            .catch((cause) => logger.warn({ err: cause }, 'releasing a presentation failed'));
          run.abandon();
          if (runs.get(run.requestId) === run) runs.delete(run.requestId);
          return;
        }
        // A stop aborts the provider's stream mid-answer; that is the user's choice, not a failure.
        let status: FinalStatus = run.controller.signal.aborted ? 'stopped' : 'done';
        if (error && status !== 'stopped') {
          logger.warn(
            { err: error, presentationId: run.meta.presentationId },
            'presentation generation failed',
          );
          const detail =
            error instanceof AppError
              ? translate(language, error.messageKey)
              : error instanceof Error
                ? error.message
                : String(error);
          emit(run, {
            error: translate(language, 'presentation.generationFailed', { detail }),
            code: ResponseCode.ServerError,
            done: 0,
            total: 0,
          });
          status = 'failed';
        }
        await journal.drain(run);
        await db
          .update(presentationRuns)
          .set({ status })
          .where(and(eq(presentationRuns.requestId, run.requestId), lease.held()))
          .catch((cause) => logger.error({ err: cause }, 'storing a presentation run status failed'));
        await deps.bus
          .stored([busKey(run.requestId)])
          .catch((cause) => logger.warn({ err: cause }, 'signalling a presentation failed'));
        run.finish(status);
        forget(run);
      });
  }

  /** The document a run reads, again (its text is not stored with the run). */
  async function sourceDocument(caller: Caller, md5: string | null) {
    if (!md5) return null;
    const read = await deps.readDocument?.(caller, md5);
    if (!read) throw notFound('presentation.documentNotFound');
    const document = { ...read, text: read.pages.join('\n') };
    if (!document.text.trim()) throw badRequest('presentation.documentEmpty');
    return document;
  }

  /**
   * Continues a run whose instance died (its lease went stale), now leased to this one: its stored chunks are
   * kept and the generation goes on after them (the same outline again from the offline model, the outline so
   * far as the model's own text otherwise; the next slide), so the user sees one presentation.
   */
  async function takeOver(row: RunRow): Promise<void> {
    const run = runOf(row);
    for (const chunk of await storedChunks(row.requestId)) run.restore(chunk);
    const { model, language, topic, md5, callerKind } = row.request;
    logger.info(
      { requestId: row.requestId, storedChunks: run.chunks.length },
      'continuing a presentation whose instance stopped',
    );
    launch(run, language as Language, async () => {
      const failed = run.chunks.find((chunk) => chunk.error);
      if (failed) throw new Error(failed.error);
      if (row.step === 'outline') {
        const document = await sourceDocument({ userId: row.ownerId, kind: callerKind }, md5);
        return generateOutline(run, { topic, document }, model, language);
      }
      const presentation = await find(row.presentationId);
      if (!presentation || presentation.ownerId !== row.ownerId) throw notFound('presentation.notFound');
      return generateSlides(run, presentation, model, language);
    });
  }

  /** Adopts runs whose instance stopped renewing their lease (all streaming ones: `everyStreaming`). */
  async function adoptStale(everyStreaming = false): Promise<void> {
    for (;;) {
      const claimed = await lease.claimStale(everyStreaming);
      for (const row of claimed)
        await takeOver(row).catch((error) =>
          logger.error({ err: error, requestId: row.requestId }, 'continuing a presentation failed'),
        );
      if (claimed.length === 0 || !everyStreaming) return;
    }
  }

  /** Renews this instance's leases; runs another instance took (we were presumed dead) stop here. */
  async function leaseRound(): Promise<void> {
    // Only runs this instance had before the renewal started: a run added meanwhile had its row written
    // after the renewal read the table, so it is missing there without another instance having taken it.
    const before = [...runs.values()].filter((run) => run.status === 'streaming' && !following.has(run));
    const held = await lease.renew();
    for (const run of before)
      if (run.status === 'streaming' && !following.has(run) && !held.has(run.requestId))
        run.controller.abort(LEASE_LOST);
    await adoptStale();
  }

  const stopLeaseRounds =
    deps.leaseMs === null
      ? null
      : startLeaseRounds(deps.leaseMs, leaseRound, (error) =>
          logger.warn({ err: error }, 'renewing presentation leases failed'),
        );

  /** The run of this requestId generated here (not one followed from another instance). */
  const generatedHere = (requestId: string) => {
    const run = runs.get(requestId);
    return run && run.status === 'streaming' && !following.has(run) ? run : null;
  };
  deps.bus.onStop((key) => {
    if (key.startsWith(busKey(''))) generatedHere(key.slice(busKey('').length))?.controller.abort();
  });

  /** Stops the presentation's running generation wherever it runs; false when none runs. */
  async function stopAnywhere(presentationId: string): Promise<boolean> {
    const row = await running(presentationId);
    if (!row) return false;
    const here = generatedHere(row.requestId);
    if (here) here.controller.abort();
    else await deps.bus.requestStop(busKey(row.requestId));
    return true;
  }

  async function startRun(
    caller: Caller,
    input: GenerateInput,
    language: Language,
  ): Promise<PresentationRun> {
    const model = input.model ?? MODEL_STANDARD;
    assertModelAllowed(caller, model);
    const existing = await find(input.presentationId);
    if (existing && existing.ownerId !== caller.userId) throw notFound('presentation.notFound');
    if (await running(input.presentationId)) throw busy();
    const generatedBy: GeneratedBy = ai.offline ? 'offline' : 'ai';
    const meta: PresentationStreamMeta = {
      presentationId: input.presentationId,
      step: input.step,
      generatedBy,
    };
    const request: RunRow['request'] = {
      topic: input.topic ?? '',
      md5: input.md5 ?? null,
      model,
      language,
      callerKind: caller.kind,
    };

    if (input.step === 'slides') {
      if (!existing) throw notFound('presentation.notFound');
      if (existing.outline.length === 0) throw badRequest('presentation.noOutline');
      await deps.meter.charge(caller, model, 'presentation');
      const run = await createRun(caller, input, meta, request);
      if (!run) throw busy();
      await save(caller.userId, existing.id, { generatedBy, templateId: input.templateId });
      launch(run, language, () => generateSlides(run, existing, model, language));
      return run;
    }

    await deps.meter.charge(caller, model, 'presentation');
    const document = await sourceDocument(caller, request.md5);
    const topic = request.topic;
    const values = {
      title: clipText(topic || document?.fileName || '', 200),
      topic,
      sourceMd5: request.md5,
      templateId: input.templateId,
      outline: [] as OutlineSection[],
      slides: [] as Slide[],
      type: 'outline' as const,
      generatedBy,
    };
    const run = await createRun(caller, input, meta, request);
    if (!run) throw busy();
    if (existing) await save(caller.userId, existing.id, values);
    else
      await db
        .insert(presentations)
        .values({ id: input.presentationId, ownerId: caller.userId, ...values })
        .onConflictDoNothing();
    if (!existing && (await find(input.presentationId))?.ownerId !== caller.userId) {
      await db.delete(presentationRuns).where(eq(presentationRuns.requestId, input.requestId));
      throw notFound('presentation.notFound');
    }
    launch(run, language, () => generateOutline(run, { topic, document }, model, language));
    return run;
  }

  return {
    /** Starts (or, for a known requestId, resumes) a generation; errors here answer as JSON before the stream. */
    async start(caller: Caller, input: GenerateInput, language: Language): Promise<PresentationRun> {
      const known = runs.get(input.requestId);
      if (known) {
        if (known.ownerId !== caller.userId) throw notFound('presentation.notFound');
        return known;
      }
      const pending = starting.get(input.requestId);
      if (pending) {
        const run = await pending;
        if (run.ownerId !== caller.userId) throw notFound('presentation.notFound');
        return run;
      }
      const promise = (async () =>
        (await storedRun(caller, input.requestId)) ?? startRun(caller, input, language))();
      starting.set(input.requestId, promise);
      try {
        return await promise;
      } finally {
        starting.delete(input.requestId);
      }
    },

    async list(caller: Caller): Promise<PresentationSummary[]> {
      const rows = await db
        .select()
        .from(presentations)
        .where(eq(presentations.ownerId, caller.userId))
        .orderBy(desc(presentations.updatedAt))
        .limit(1000);
      return rows.map(toSummary);
    },

    async get(caller: Caller, id: string): Promise<Presentation> {
      return toPresentation(await owned(caller, id));
    },

    async updateOutline(caller: Caller, input: z.output<typeof UpdateOutlineRequest>): Promise<Presentation> {
      await owned(caller, input.presentationId);
      if (await running(input.presentationId)) throw busy();
      // A changed outline makes old slides stale: the presentation goes back to the outline step.
      await save(caller.userId, input.presentationId, {
        title: input.title,
        outline: input.outline,
        slides: [],
        type: 'outline',
      });
      return toPresentation(await owned(caller, input.presentationId));
    },

    /** Ends this presentation's running generation; false when nothing was running. */
    async stop(caller: Caller, id: string): Promise<boolean> {
      await owned(caller, id);
      return stopAnywhere(id);
    },

    async remove(caller: Caller, id: string): Promise<boolean> {
      await owned(caller, id);
      await stopAnywhere(id);
      await db
        .delete(presentations)
        .where(and(eq(presentations.id, id), eq(presentations.ownerId, caller.userId)));
      await db
        .delete(presentationRuns)
        .where(and(eq(presentationRuns.presentationId, id), ne(presentationRuns.status, 'streaming')));
      return true;
    },

    /**
     * At start-up: runs cut off when their instance died are continued from their stored chunks. Alone on
     * PGlite every streaming run is such an orphan; on a shared PostgreSQL only those whose lease went stale,
     * never one a live instance is generating.
     */
    async adoptInterrupted(): Promise<void> {
      await adoptStale(deps.leaseMs === null);
    },

    /**
     * Before the database closes: runs generated here are handed over (their chunks stored, their leases
     * released), so another instance continues them at once, or this one after its restart when it is alone.
     */
    async shutdown(): Promise<void> {
      stopLeaseRounds?.();
      const live = [...runs.values()].filter((run) => run.status === 'streaming');
      for (const run of live) {
        if (following.has(run)) run.abandon();
        else run.controller.abort(HANDOVER);
      }
      await Promise.all(live.map((run) => run.finished));
    },
  };
}
export type PresentationService = ReturnType<typeof createPresentationService>;
