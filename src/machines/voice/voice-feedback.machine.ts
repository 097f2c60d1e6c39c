// The voice-assistant feedback form: a thumbs up or down (required), what went wrong, optional words ->
// sending -> sent. The server's refusal (in the user's language) is shown in the form, and nothing is lost.
import { assign, fromPromise, setup } from 'xstate';
import {
  FEEDBACK_MAX,
  type UserFeedbackItem,
  VOICE_FEEDBACK_CATEGORY,
  type VoiceFeedbackReason,
  type VoiceFeedbackRequest,
  type VoiceRating,
} from '../../../common/contract';
import { type FormError, refusalOf } from '../feedback.machine';

export interface VoiceFeedbackContext {
  rating: VoiceRating | null;
  reasons: VoiceFeedbackReason[];
  content: string;
  error: FormError | null;
}

export type VoiceFeedbackEvent =
  | { type: 'RATE'; rating: VoiceRating }
  | { type: 'REASON'; reason: VoiceFeedbackReason }
  | { type: 'EDIT'; content: string }
  | { type: 'SUBMIT'; page: string };

export function createVoiceFeedbackMachine(
  submit: (body: VoiceFeedbackRequest) => Promise<UserFeedbackItem>,
) {
  return setup({
    types: { context: {} as VoiceFeedbackContext, events: {} as VoiceFeedbackEvent },
    actors: { submit: fromPromise(({ input }: { input: VoiceFeedbackRequest }) => submit(input)) },
  }).createMachine({
    id: 'voiceFeedback',
    context: { rating: null, reasons: [], content: '', error: null },
    initial: 'editing',
    states: {
      editing: {
        on: {
          // A thumbs up clears the reasons, which only a thumbs down asks for.
          RATE: {
            actions: assign(({ context, event }) => ({
              rating: event.rating,
              reasons: event.rating === 'good' ? [] : context.reasons,
              error: null,
            })),
          },
          REASON: {
            actions: assign({
              reasons: ({ context, event }) =>
                context.reasons.includes(event.reason)
                  ? context.reasons.filter((r) => r !== event.reason)
                  : [...context.reasons, event.reason],
            }),
          },
          EDIT: { actions: assign({ content: ({ event }) => event.content, error: null }) },
          SUBMIT: [
            {
              guard: ({ context }) => context.rating === null,
              actions: assign({ error: { key: 'voice.feedback.ratingRequired' } }),
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
            category: VOICE_FEEDBACK_CATEGORY,
            rating: context.rating ?? 'good',
            reasons: context.reasons,
            content: context.content.trim(),
            page: event.type === 'SUBMIT' ? event.page : null,
          }),
          onDone: 'sent',
          onError: {
            target: 'editing',
            actions: assign({ error: ({ event }) => refusalOf(event.error) }),
          },
        },
      },
      sent: { type: 'final' },
    },
  });
}
