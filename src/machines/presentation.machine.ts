// The presentation maker: topic -> outline streaming in -> editable outline -> slides streaming in -> ready
// (preview, .pptx, print to pdf). The actor owns the streams and the data; the screen renders a snapshot.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  DEFAULT_PRESENTATION_TEMPLATE_ID,
  type GeneratedBy,
  type OutlineSection,
  type Presentation,
  type PresentationChunk,
  type PresentationSummary,
  type PresentationType,
  type Slide,
} from '../../common/contract';
import { presentationApi } from '../api/creation';
import { ApiError } from '../api/http';

export interface PresentationContext {
  topic: string;
  md5: string | null;
  documentName: string | null;
  templateId: number;
  presentationId: string | null;
  requestId: string | null;
  title: string;
  outline: OutlineSection[];
  slides: Slide[];
  progress: { done: number; total: number };
  generatedBy: GeneratedBy | null;
  error: string | null;
  list: PresentationSummary[];
}

export type PresentationEvent =
  | { type: 'CHANGE_TOPIC'; topic: string }
  | { type: 'SET_TEMPLATE'; templateId: number }
  | { type: 'USE_DOCUMENT'; md5: string | null; fileName: string | null }
  | { type: 'GENERATE_OUTLINE' }
  | { type: 'OPEN'; presentationId: string }
  | { type: 'SET_TITLE'; title: string }
  | { type: 'SECTION_TITLE'; index: number; title: string }
  | { type: 'SECTION_POINTS'; index: number; text: string }
  | { type: 'MOVE'; index: number; by: -1 | 1 }
  | { type: 'ADD_SECTION'; after: number }
  | { type: 'REMOVE_SECTION'; index: number }
  | { type: 'GENERATE_SLIDES' }
  | { type: 'EDIT_OUTLINE' }
  | { type: 'DOWNLOAD_PPTX' }
  | { type: 'STOP' }
  | { type: 'NEW' }
  | { type: 'STREAM.META'; generatedBy: GeneratedBy }
  | { type: 'STREAM.CHUNK'; chunk: PresentationChunk }
  | { type: 'STREAM.DONE'; status: string }
  | { type: 'STREAM.ERROR'; message: string };

interface StreamInput {
  requestId: string;
  presentationId: string;
  step: PresentationType;
  topic: string;
  md5: string | null;
  templateId: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const presentationStream = fromCallback<PresentationEvent, StreamInput>(({ sendBack, input }) => {
  const controller = new AbortController();
  presentationApi
    .generate(
      {
        requestId: input.requestId,
        presentationId: input.presentationId,
        step: input.step,
        ...(input.step === 'outline' && input.topic.trim() ? { topic: input.topic } : {}),
        ...(input.step === 'outline' && input.md5 ? { md5: input.md5 } : {}),
        templateId: input.templateId,
      },
      {
        meta: (meta) => sendBack({ type: 'STREAM.META', generatedBy: meta.generatedBy }),
        chunk: (chunk) => sendBack({ type: 'STREAM.CHUNK', chunk }),
        done: (done) => sendBack({ type: 'STREAM.DONE', status: done.status }),
      },
      { signal: controller.signal },
    )
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.kind === 'cancelled') return;
      sendBack({ type: 'STREAM.ERROR', message: errorText(error) });
    });
  return () => controller.abort();
});

/** Saves a file the way a link with `download` does. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const cleanOutline = (outline: OutlineSection[]) =>
  outline.map((s) => ({ title: s.title.trim(), points: s.points.map((p) => p.trim()).filter(Boolean) }));

const fromPresentation = (p: Presentation) => ({
  presentationId: p.presentationId,
  title: p.title,
  topic: p.topic,
  md5: p.sourceMd5,
  templateId: p.templateId,
  outline: p.outline,
  slides: p.slides,
  generatedBy: p.generatedBy,
  progress: { done: p.slides.length, total: p.outline.length },
  error: null,
});

const update = (outline: OutlineSection[], index: number, change: Partial<OutlineSection>) =>
  outline.map((section, i) => (i === index ? { ...section, ...change } : section));

export const presentationMachine = setup({
  types: {
    context: {} as PresentationContext,
    events: {} as PresentationEvent,
  },
  actors: {
    presentationStream,
    loadList: fromPromise(() => presentationApi.list({ suppressAlert: true })),
    load: fromPromise(({ input }: { input: { presentationId: string } }) =>
      presentationApi.get(input.presentationId, { suppressAlert: true }),
    ),
    saveOutline: fromPromise(
      ({ input }: { input: { presentationId: string; title: string; outline: OutlineSection[] } }) =>
        presentationApi.updateOutline(input, { suppressAlert: true }),
    ),
    download: fromPromise(async ({ input }: { input: { presentationId: string } }) => {
      const { blob, fileName } = await presentationApi.exportPptx(input.presentationId);
      saveBlob(blob, fileName);
    }),
  },
  guards: {
    hasSource: ({ context }) => context.topic.trim().length > 0 || context.md5 !== null,
  },
  actions: {
    startRequest: assign({ requestId: () => crypto.randomUUID(), error: null }),
    // The server ends the run and answers the open stream with done: stopped, which moves the state.
    requestStop: ({ context }) => {
      if (context.presentationId)
        void presentationApi.stop(context.presentationId, { suppressAlert: true }).catch(() => {});
    },
    applyChunk: assign(({ context, event }) => {
      if (event.type !== 'STREAM.CHUNK') return {};
      const { chunk } = event;
      if (chunk.error) return { error: chunk.error };
      return {
        title: chunk.title ?? context.title,
        outline: chunk.section ? [...context.outline, chunk.section] : context.outline,
        slides: chunk.slide ? [...context.slides, chunk.slide] : context.slides,
        progress: { done: chunk.done, total: chunk.total },
      };
    }),
  },
}).createMachine({
  id: 'presentation',
  initial: 'topic',
  context: {
    topic: '',
    md5: null,
    documentName: null,
    templateId: DEFAULT_PRESENTATION_TEMPLATE_ID,
    presentationId: null,
    requestId: null,
    title: '',
    outline: [],
    slides: [],
    progress: { done: 0, total: 0 },
    generatedBy: null,
    error: null,
    list: [],
  },
  on: {
    OPEN: '.loading',
    NEW: {
      target: '.topic',
      actions: assign({
        presentationId: null,
        title: '',
        outline: [],
        slides: [],
        error: null,
        generatedBy: null,
        progress: { done: 0, total: 0 },
      }),
    },
  },
  states: {
    topic: {
      invoke: {
        src: 'loadList',
        onDone: { actions: assign({ list: ({ event }) => event.output }) },
        onError: {},
      },
      on: {
        CHANGE_TOPIC: { actions: assign({ topic: ({ event }) => event.topic }) },
        SET_TEMPLATE: { actions: assign({ templateId: ({ event }) => event.templateId }) },
        USE_DOCUMENT: {
          actions: assign({ md5: ({ event }) => event.md5, documentName: ({ event }) => event.fileName }),
        },
        GENERATE_OUTLINE: {
          guard: 'hasSource',
          target: 'outlining',
          actions: [
            assign({
              presentationId: () => crypto.randomUUID(),
              title: '',
              outline: [],
              slides: [],
              progress: { done: 0, total: 0 },
            }),
            'startRequest',
          ],
        },
      },
    },
    loading: {
      invoke: {
        src: 'load',
        input: ({ event }) => ({ presentationId: (event as { presentationId: string }).presentationId }),
        onDone: [
          {
            guard: ({ event }) => event.output.slides.length > 0,
            target: 'ready',
            actions: assign(({ event }) => fromPresentation(event.output)),
          },
          { target: 'outline', actions: assign(({ event }) => fromPresentation(event.output)) },
        ],
        onError: { target: 'topic', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    outlining: {
      invoke: {
        src: 'presentationStream',
        input: ({ context }) => ({
          requestId: context.requestId!,
          presentationId: context.presentationId!,
          step: 'outline' as const,
          topic: context.topic,
          md5: context.md5,
          templateId: context.templateId,
        }),
      },
      on: {
        'STREAM.META': { actions: assign({ generatedBy: ({ event }) => event.generatedBy }) },
        'STREAM.CHUNK': { actions: 'applyChunk' },
        'STREAM.DONE': [
          { guard: ({ event }) => event.status === 'done', target: 'outline' },
          // Stopped with sections on screen: they are the outline to edit (the server kept them too).
          {
            guard: ({ context, event }) => event.status === 'stopped' && context.outline.length > 0,
            target: 'outline',
          },
          { target: 'topic' },
        ],
        STOP: { actions: 'requestStop' },
        'STREAM.ERROR': { target: 'topic', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    outline: {
      on: {
        SET_TITLE: { actions: assign({ title: ({ event }) => event.title }) },
        SECTION_TITLE: {
          actions: assign({
            outline: ({ context, event }) => update(context.outline, event.index, { title: event.title }),
          }),
        },
        SECTION_POINTS: {
          actions: assign({
            outline: ({ context, event }) =>
              update(context.outline, event.index, { points: event.text.split('\n') }),
          }),
        },
        MOVE: {
          actions: assign({
            outline: ({ context, event }) => {
              const to = event.index + event.by;
              if (to < 0 || to >= context.outline.length) return context.outline;
              const next = [...context.outline];
              [next[event.index], next[to]] = [next[to], next[event.index]];
              return next;
            },
          }),
        },
        ADD_SECTION: {
          actions: assign({
            outline: ({ context, event }) => {
              const next = [...context.outline];
              next.splice(event.after + 1, 0, { title: '', points: [] });
              return next;
            },
          }),
        },
        REMOVE_SECTION: {
          actions: assign({
            outline: ({ context, event }) => context.outline.filter((_, i) => i !== event.index),
          }),
        },
        GENERATE_OUTLINE: {
          target: 'outlining',
          actions: [assign({ outline: [], slides: [] }), 'startRequest'],
        },
        GENERATE_SLIDES: { target: 'savingOutline', actions: assign({ error: null }) },
      },
    },
    savingOutline: {
      invoke: {
        src: 'saveOutline',
        input: ({ context }) => ({
          presentationId: context.presentationId!,
          title: context.title.trim(),
          outline: cleanOutline(context.outline),
        }),
        onDone: {
          target: 'slidesGenerating',
          actions: [
            assign(({ event }) => ({
              ...fromPresentation(event.output),
              slides: [],
              progress: { done: 0, total: event.output.outline.length },
            })),
            'startRequest',
          ],
        },
        onError: { target: 'outline', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    slidesGenerating: {
      invoke: {
        src: 'presentationStream',
        input: ({ context }) => ({
          requestId: context.requestId!,
          presentationId: context.presentationId!,
          step: 'slides' as const,
          topic: '',
          md5: null,
          templateId: context.templateId,
        }),
      },
      on: {
        'STREAM.META': { actions: assign({ generatedBy: ({ event }) => event.generatedBy }) },
        'STREAM.CHUNK': { actions: 'applyChunk' },
        'STREAM.DONE': [
          { guard: ({ event }) => event.status === 'done', target: 'ready' },
          { target: 'outline' },
        ],
        STOP: { actions: 'requestStop' },
        'STREAM.ERROR': { target: 'outline', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { DOWNLOAD_PPTX: 'downloading' } },
        downloading: {
          invoke: {
            src: 'download',
            input: ({ context }) => ({ presentationId: context.presentationId! }),
            onDone: 'idle',
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
      on: { EDIT_OUTLINE: 'outline', GENERATE_SLIDES: 'savingOutline' },
    },
  },
});
