// Several files at once: one upload actor per file, at most `limit` (the multi-document maximum).
import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate';
import { uploadMachine } from './upload.machine';

export interface UploadItem {
  id: string;
  name: string;
  ref: ActorRefFrom<typeof uploadMachine>;
}

export interface DocumentsUploadContext {
  items: UploadItem[];
  limit: number;
  /** The names of the files of the last selection left out by the limit (said by name: a stranger picks many). */
  leftOut: string[];
  fromPpt: boolean;
}

export type DocumentsUploadEvent =
  | { type: 'ADD'; files: File[] }
  | { type: 'REMOVE'; id: string }
  | { type: 'SET_LIMIT'; limit: number }
  | { type: 'CLEAR' };

let nextId = 0;

export const documentsUploadMachine = setup({
  types: {
    context: {} as DocumentsUploadContext,
    events: {} as DocumentsUploadEvent,
    input: {} as { limit: number; fromPpt?: boolean },
  },
  actors: { upload: uploadMachine },
}).createMachine({
  id: 'documentsUpload',
  context: ({ input }) => ({ items: [], limit: input.limit, leftOut: [], fromPpt: input.fromPpt ?? false }),
  on: {
    ADD: {
      actions: assign(({ context, event, spawn }) => {
        const room = Math.max(0, context.limit - context.items.length);
        const taken = event.files.slice(0, room);
        const added = taken.map((file) => {
          const id = `upload-${++nextId}`;
          return {
            id,
            name: file.name,
            ref: spawn('upload', { id, input: { file, fromPpt: context.fromPpt } }),
          } as UploadItem;
        });
        return {
          items: [...context.items, ...added],
          leftOut: event.files.slice(taken.length).map((file) => file.name),
        };
      }),
    },
    // Stopping an upload actor aborts its request.
    REMOVE: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const item = context.items.find((candidate) => candidate.id === event.id);
        if (item) enqueue.stopChild(item.ref);
        enqueue.assign({ items: context.items.filter((candidate) => candidate.id !== event.id) });
      }),
    },
    SET_LIMIT: { actions: assign({ limit: ({ event }) => event.limit }) },
    CLEAR: {
      actions: enqueueActions(({ context, enqueue }) => {
        for (const item of context.items) enqueue.stopChild(item.ref);
        enqueue.assign({ items: [], leftOut: [] });
      }),
    },
  },
});
