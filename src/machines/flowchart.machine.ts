// Flowchart maker: prompt -> generating -> chart (Mermaid code drawn by the page) or an error.
import { assign, fromPromise, setup } from 'xstate';
import type { GeneratedBy } from '../../common/contract';
import { flowchartApi } from '../api/creation';

export const flowchartMachine = setup({
  types: {
    context: {} as { prompt: string; code: string; generatedBy: GeneratedBy | null; error: string | null },
    events: {} as { type: 'CHANGE'; prompt: string } | { type: 'GENERATE' },
  },
  actors: {
    generate: fromPromise(({ input }: { input: { prompt: string } }) =>
      flowchartApi.generate(input.prompt, { suppressAlert: true }),
    ),
  },
}).createMachine({
  id: 'flowchart',
  initial: 'idle',
  context: { prompt: '', code: '', generatedBy: null, error: null },
  states: {
    idle: {
      on: {
        CHANGE: { actions: assign({ prompt: ({ event }) => event.prompt }) },
        GENERATE: {
          guard: ({ context }) => context.prompt.trim().length > 0,
          target: 'generating',
          actions: assign({ error: null }),
        },
      },
    },
    generating: {
      invoke: {
        src: 'generate',
        input: ({ context }) => ({ prompt: context.prompt }),
        onDone: {
          target: 'idle',
          actions: assign({
            code: ({ event }) => event.output.code,
            generatedBy: ({ event }) => event.output.generatedBy,
          }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
  },
});
