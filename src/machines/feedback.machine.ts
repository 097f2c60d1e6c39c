// The feedback form: edit -> sending -> sent. Empty or over-long text is refused before sending; the
// server's refusal (in the user's language) is shown beside the text, and the text is kept.
import { assign, fromPromise, setup } from 'xstate';
import { FEEDBACK_MAX, type FeedbackCategory } from '../../common/contract';
import { feedbackApi } from '../api/feedback';

/** The client's own check (an i18n key) or the server's refusal (already in the user's language). */
export type FormError = { key: string } | { text: string };

/** A failed send: the server's message where it gave one, else that the network failed. */
export const refusalOf = (error: unknown): FormError =>
  error instanceof Error && error.message ? { text: error.message } : { key: 'common.networkError' };

export interface FeedbackContext {
  category: FeedbackCategory;
  content: string;
  error: FormError | null;
}

export type FeedbackEvent =
  | { type: 'EDIT'; content: string }
  | { type: 'CATEGORY'; category: FeedbackCategory }
  | { type: 'SUBMIT'; page: string }
  | { type: 'RESET' };

const fresh = (): FeedbackContext => ({ category: 'suggestion', content: '', error: null });

export const feedbackMachine = setup({
  types: { context: {} as FeedbackContext, events: {} as FeedbackEvent },
  actors: {
    submit: fromPromise(
      ({ input }: { input: { category: FeedbackCategory; content: string; page: string } }) =>
        feedbackApi.submit(input),
    ),
  },
}).createMachine({
  id: 'feedback',
  context: fresh,
  initial: 'editing',
  on: { RESET: { target: '.editing', actions: assign(fresh) } },
  states: {
    editing: {
      on: {
        EDIT: { actions: assign({ content: ({ event }) => event.content, error: null }) },
        CATEGORY: { actions: assign({ category: ({ event }) => event.category }) },
        SUBMIT: [
          {
            guard: ({ context }) => context.content.trim().length === 0,
            actions: assign({ error: { key: 'feedback.required' } }),
          },
          {
            guard: ({ context }) => context.content.trim().length > FEEDBACK_MAX,
            actions: assign({ error: { key: 'feedback.tooLong' } }),
          },
          { target: 'sending' },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'submit',
        input: ({ context, event }) => ({
          category: context.category,
          content: context.content.trim(),
          page: event.type === 'SUBMIT' ? event.page : '',
        }),
        onDone: 'sent',
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => refusalOf(event.error) }),
        },
      },
    },
    sent: {},
  },
});
