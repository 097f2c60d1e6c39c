// Presentations: an outline from a topic or a document, then slides, each streamed as it is made; stored per
// owner. Generation runs apart from the request (ProgressRun), so a dropped client resumes by requestId.
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  GeneratePresentationRequest,
  UpdateOutlineRequest,
} from '../../common/contract/creation.schema.js';
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
} from '../../common/contract/index.js';
import type { Database } from '../db/client.js';
import { presentations } from '../db/schema.js';
import { AppError, badRequest, notFound } from '../errors.js';
import type { Logger } from '../logger.js';
import { translate } from '../messages/index.js';
import type { AiProvider } from '../providers/ai/index.js';
import {
  type DraftOutline,
  offlineSlide,
  outlineFromDocument,
  outlineFromTopic,
  parseOutlineMarkdown,
  parseSlideMarkdown,
} from '../providers/ai/offline-presentation.js';
import type { Meter } from './billing/quotas.js';
import { assertModelAllowed } from './models.js';
import { ProgressRun } from './progress-run.js';
import type { Caller } from './sessions.js';

type Row = typeof presentations.$inferSelect;
export type PresentationRun = ProgressRun<PresentationChunk, PresentationStreamMeta>;
type GenerateInput = z.output<typeof GeneratePresentationRequest>;

/** Reads an uploaded document's text for the caller; null when the caller has no such document. */
export type DocumentTextReader = (
  caller: Caller,
  md5: string,
) => Promise<{ pages: string[]; fileName: string } | null>;

const RETAIN_FINISHED_RUN_MS = 5 * 60 * 1000;
const DOCUMENT_CHARS_FOR_AI = 12_000;

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
}) {
  const { db, ai, logger } = deps;
  const runs = new Map<string, PresentationRun>();
  /** presentationId -> the run generating it now. */
  const active = new Map<string, PresentationRun>();

  async function find(id: string) {
    return (await db.select().from(presentations).where(eq(presentations.id, id)).limit(1))[0];
  }
  async function owned(caller: Caller, id: string): Promise<Row> {
    const row = await find(id);
    if (!row || row.ownerId !== caller.userId) throw notFound('presentation.notFound');
    return row;
  }
  const save = (caller: Caller, id: string, values: Partial<Row>) =>
    db
      .update(presentations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(presentations.id, id), eq(presentations.ownerId, caller.userId)));

  const pace = (signal: AbortSignal) =>
    deps.offlineDelayMs > 0
      ? sleep(deps.offlineDelayMs * 8, undefined, { signal }).catch(() => {})
      : Promise.resolve();

  async function complete(
    model: string,
    prompt: string,
    signal: AbortSignal,
    onText?: (text: string) => void,
  ) {
    let text = '';
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
    })) {
      text += piece;
      onText?.(text);
    }
    return text;
  }

  async function generateOutline(
    caller: Caller,
    run: PresentationRun,
    source: { topic: string; document: { text: string; fileName: string; pages: string[] } | null },
    model: string,
    language: string,
  ) {
    const { signal } = run.controller;
    const fallbackTitle = source.document?.fileName || source.topic.slice(0, 200);
    // What the user has seen so far: a stop keeps it as the outline to edit.
    const arrived: DraftOutline = { title: '', sections: [] };
    const emitTitle = (title: string, total: number) => {
      arrived.title = title;
      run.push({ title, done: 0, total });
    };
    const emitSection = (section: OutlineSection, total: number) => {
      arrived.sections.push(section);
      run.push({ section, done: arrived.sections.length, total });
    };
    let draft: DraftOutline | null = null;
    try {
      draft = await writeOutline(run, source, model, language, emitTitle, emitSection);
    } catch (error) {
      if (!signal.aborted) throw error;
    }
    if (signal.aborted || !draft) {
      if (arrived.sections.length > 0)
        await save(caller, run.meta.presentationId, {
          title: arrived.title || fallbackTitle,
          outline: arrived.sections,
          slides: [],
          type: 'outline',
        });
      return;
    }
    if (!draft.title) draft.title = fallbackTitle;
    await save(caller, run.meta.presentationId, {
      title: draft.title,
      outline: draft.sections,
      slides: [],
      type: 'outline',
    });
  }

  /** Streams the outline through the two emitters; answers the whole draft, or null when stopped. */
  async function writeOutline(
    run: PresentationRun,
    source: { topic: string; document: { text: string; fileName: string; pages: string[] } | null },
    model: string,
    language: string,
    emitTitle: (title: string, total: number) => void,
    emitSection: (section: OutlineSection, total: number) => void,
  ): Promise<DraftOutline | null> {
    const { signal } = run.controller;
    if (ai.offline) {
      const draft = source.document
        ? outlineFromDocument(source.document.text, source.document.fileName, source.document.pages, language)
        : outlineFromTopic(source.topic, language);
      const total = draft.sections.length;
      emitTitle(draft.title, total);
      for (const section of draft.sections) {
        await pace(signal);
        if (signal.aborted) return null;
        emitSection(section, total);
      }
      return draft;
    }
    const prompt = source.document
      ? `Write a presentation outline for the document below. Start with "# " and the presentation title, then 4 to 10 sections, each "## " and its title followed by 2 to 4 "- " points taken from the document.\n\nDocument "${source.document.fileName}":\n"""\n${source.document.text.slice(0, DOCUMENT_CHARS_FOR_AI)}\n"""`
      : `Write a presentation outline about: ${source.topic}\nStart with "# " and the presentation title, then 4 to 10 sections, each "## " and its title followed by 2 to 4 "- " points.`;
    let emitted = 0;
    let titleSent = false;
    const text = await complete(model, prompt, signal, (partial) => {
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
    if (!draft.title) draft.title = source.document?.fileName || source.topic.slice(0, 200);
    if (!titleSent) emitTitle(draft.title, 0);
    while (emitted < draft.sections.length) emitSection(draft.sections[emitted++], draft.sections.length);
    if (draft.sections.length === 0) throw new Error('the model wrote no sections');
    return draft;
  }

  async function generateSlides(
    caller: Caller,
    run: PresentationRun,
    row: Row,
    model: string,
    language: string,
  ) {
    const { signal } = run.controller;
    const slides: Slide[] = [];
    const total = row.outline.length;
    for (const section of row.outline) {
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
      run.push({ slide, done: slides.length, total });
      await save(caller, row.id, { slides: [...slides] });
    }
    await save(caller, row.id, { slides, type: 'slides' });
  }

  function launch(
    caller: Caller,
    run: PresentationRun,
    language: Parameters<typeof translate>[0],
    work: () => Promise<void>,
  ) {
    runs.set(run.requestId, run);
    active.set(run.meta.presentationId, run);
    void work()
      .then(() => run.finish(run.controller.signal.aborted ? 'stopped' : 'done'))
      .catch((error: unknown) => {
        // A stop aborts the provider's stream mid-answer; that is the user's choice, not a failure.
        if (run.controller.signal.aborted) return run.finish('stopped');
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
        run.push({
          error: translate(language, 'presentation.generationFailed', { detail }),
          code: ResponseCode.ServerError,
          done: 0,
          total: 0,
        });
        run.finish('failed');
      })
      .finally(() => {
        if (active.get(run.meta.presentationId) === run) active.delete(run.meta.presentationId);
        setTimeout(() => runs.delete(run.requestId), RETAIN_FINISHED_RUN_MS).unref();
      });
    void caller;
  }

  return {
    /** Starts (or, for a known requestId, resumes) a generation; errors here answer as JSON before the stream. */
    async start(
      caller: Caller,
      input: GenerateInput,
      language: Parameters<typeof translate>[0],
    ): Promise<PresentationRun> {
      const known = runs.get(input.requestId);
      if (known) {
        if (known.ownerId !== caller.userId) throw notFound('presentation.notFound');
        return known;
      }
      const model = input.model ?? MODEL_STANDARD;
      assertModelAllowed(caller, model);
      const existing = await find(input.presentationId);
      if (existing && existing.ownerId !== caller.userId) throw notFound('presentation.notFound');
      if (active.has(input.presentationId)) throw busy();
      await deps.meter.charge(caller, model, 'presentation');
      const generatedBy: GeneratedBy = ai.offline ? 'offline' : 'ai';
      const meta: PresentationStreamMeta = {
        presentationId: input.presentationId,
        step: input.step,
        generatedBy,
      };

      if (input.step === 'slides') {
        if (!existing) throw notFound('presentation.notFound');
        if (existing.outline.length === 0) throw badRequest('presentation.noOutline');
        const run: PresentationRun = new ProgressRun(input.requestId, caller.userId, meta);
        await save(caller, existing.id, { generatedBy, templateId: input.templateId });
        launch(caller, run, language, () => generateSlides(caller, run, existing, model, language));
        return run;
      }

      let document: { text: string; fileName: string; pages: string[] } | null = null;
      if (input.md5) {
        const read = await deps.readDocument?.(caller, input.md5);
        if (!read) throw notFound('presentation.documentNotFound');
        document = { ...read, text: read.pages.join('\n') };
        if (!document.text.trim()) throw badRequest('presentation.documentEmpty');
      }
      const topic = input.topic ?? '';
      const values = {
        title: (topic || document?.fileName || '').slice(0, 200),
        topic,
        sourceMd5: input.md5 ?? null,
        templateId: input.templateId,
        outline: [] as OutlineSection[],
        slides: [] as Slide[],
        type: 'outline' as const,
        generatedBy,
      };
      if (existing) await save(caller, existing.id, values);
      else
        await db
          .insert(presentations)
          .values({ id: input.presentationId, ownerId: caller.userId, ...values })
          .onConflictDoNothing();
      if (!existing && (await find(input.presentationId))?.ownerId !== caller.userId)
        throw notFound('presentation.notFound');
      const run: PresentationRun = new ProgressRun(input.requestId, caller.userId, meta);
      launch(caller, run, language, () => generateOutline(caller, run, { topic, document }, model, language));
      return run;
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
      if (active.has(input.presentationId)) throw busy();
      // A changed outline makes old slides stale: the presentation goes back to the outline step.
      await save(caller, input.presentationId, {
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
      const run = active.get(id);
      if (!run) return false;
      run.controller.abort();
      return true;
    },

    async remove(caller: Caller, id: string): Promise<boolean> {
      await owned(caller, id);
      active.get(id)?.controller.abort();
      await db
        .delete(presentations)
        .where(and(eq(presentations.id, id), eq(presentations.ownerId, caller.userId)));
      return true;
    },
  };
}
export type PresentationService = ReturnType<typeof createPresentationService>;
