// Image maker: checks whether the server has an image provider, then prompt -> generating -> the new
// picture first in the list of the user's images (delete removes one).
import { assign, fromPromise, setup } from 'xstate';
import type { GeneratedImageItem } from '../../common/contract';
import { imageApi } from '../api/creation';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const imageMachine = setup({
  types: {
    context: {} as {
      prompt: string;
      images: GeneratedImageItem[];
      error: string | null;
      removing: string | null;
      /** Operators are told how to set a provider up; everyone else that it is not available. */
      operator: boolean;
    },
    events: {} as
      | { type: 'CHANGE'; prompt: string }
      | { type: 'GENERATE' }
      | { type: 'REMOVE'; imageId: string },
  },
  actors: {
    status: fromPromise(() => imageApi.status({ suppressAlert: true })),
    list: fromPromise(() => imageApi.list({ suppressAlert: true })),
    generate: fromPromise(({ input }: { input: { prompt: string } }) =>
      imageApi.generate(input.prompt, { suppressAlert: true }),
    ),
    remove: fromPromise(({ input }: { input: { imageId: string } }) =>
      imageApi.remove(input.imageId, { suppressAlert: true }),
    ),
  },
}).createMachine({
  id: 'image',
  initial: 'checking',
  context: { prompt: '', images: [], error: null, removing: null, operator: false },
  states: {
    checking: {
      invoke: {
        src: 'status',
        onDone: [
          { guard: ({ event }) => event.output.configured, target: 'ready' },
          {
            target: 'unconfigured',
            actions: assign({ operator: ({ event }) => event.output.operator === true }),
          },
        ],
        onError: {
          target: 'unconfigured',
          actions: assign({ error: ({ event }) => errorText(event.error) }),
        },
      },
    },
    unconfigured: {},
    ready: {
      invoke: {
        src: 'list',
        onDone: { actions: assign({ images: ({ event }) => event.output }) },
        onError: { actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            CHANGE: { actions: assign({ prompt: ({ event }) => event.prompt }) },
            GENERATE: {
              guard: ({ context }) => context.prompt.trim().length > 0,
              target: 'generating',
              actions: assign({ error: null }),
            },
            REMOVE: { target: 'removing', actions: assign({ removing: ({ event }) => event.imageId }) },
          },
        },
        generating: {
          invoke: {
            src: 'generate',
            input: ({ context }) => ({ prompt: context.prompt }),
            onDone: {
              target: 'idle',
              actions: assign({ images: ({ context, event }) => [event.output, ...context.images] }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        removing: {
          invoke: {
            src: 'remove',
            input: ({ context }) => ({ imageId: context.removing! }),
            onDone: {
              target: 'idle',
              actions: assign({
                images: ({ context }) => context.images.filter((i) => i.imageId !== context.removing),
                removing: null,
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
