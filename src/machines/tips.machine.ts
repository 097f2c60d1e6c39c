// Feature tips: value 1 shows a tip. The last known values are kept in the browser (a feature-tips
// store) so a closed tip stays closed from the first paint; the server's values replace
// them once the caller is known. Closing sets 0 here and on the server.
import { assign, fromPromise, setup } from 'xstate';
import type { TipsResponse } from '../../common/contract';
import { userApi } from '../api/user';

const STORE_KEY = 'feature-tips';
type TipValues = Record<string, number>;

function readStore(): TipValues {
  try {
    const value = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as TipValues) : {};
  } catch {
    return {};
  }
}
function writeStore(values: TipValues) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(values));
  } catch {
    // Without storage the tips still follow the server's values.
  }
}

export type TipsEvent = { type: 'LOAD' } | { type: 'CLOSE'; tag: string };

export const tipsMachine = setup({
  types: { context: {} as { values: TipValues; loaded: boolean }, events: {} as TipsEvent },
  actors: {
    fetchTips: fromPromise(() => userApi.tips()),
  },
}).createMachine({
  id: 'tips',
  context: () => ({ values: readStore(), loaded: false }),
  initial: 'idle',
  on: {
    CLOSE: {
      actions: [
        assign(({ context, event }) => {
          const values = { ...context.values, [event.tag]: 0 };
          writeStore(values);
          return { values };
        }),
        ({ event }) => {
          // Kept locally even if this fails; the next load from the server may show it again.
          userApi.closeTip(event.tag).catch(() => {});
        },
      ],
    },
  },
  states: {
    idle: { on: { LOAD: 'loading' } },
    loading: {
      invoke: {
        src: 'fetchTips',
        onDone: {
          target: 'idle',
          actions: assign(({ event }) => {
            const values: TipValues = {};
            for (const tip of (event.output as TipsResponse).userTips) values[tip.tag] = tip.value;
            writeStore(values);
            return { values, loaded: true };
          }),
        },
        onError: 'idle',
      },
      on: { LOAD: { target: 'loading', reenter: true } },
    },
  },
});

/** A tip shows when its value is 1; an unknown one waits for the server rather than flashing up. */
export const tipShown = (values: TipValues, tag: string) => values[tag] === 1;
