// Request validators of chats: the server parses with them, the client imports their types.
import { z } from 'zod';
import { CHANNEL_NAME_MAX, FEEDBACK_REASON_MAX, MESSAGE_MAX, MODEL_STANDARD } from './chat';

export const RenameChannelRequest = z.object({
  channelId: z.string().min(1).max(64),
  channelName: z
    .string()
    .transform((name) => name.trim())
    .pipe(z.string().min(1, 'channel.nameRequired').max(CHANNEL_NAME_MAX, 'channel.nameTooLong')),
});

export type RenameChannelRequest = z.input<typeof RenameChannelRequest>;

export const ChannelIdRequest = z.object({ channelId: z.string().min(1).max(64) });

export type ChannelIdRequest = z.infer<typeof ChannelIdRequest>;

export const SendRequest = z.object({
  isGetJson: z.boolean().optional(),
  version: z.string().max(32).optional(),
  language: z.string().max(16).optional(),
  channelId: z.string().max(64).optional().nullable(),
  model: z.string().min(1).max(64).default(MODEL_STANDARD),
  searchSwitch: z.boolean().optional(),
  /** Which search grounds the answer (searchSwitch alone means web). */
  searchMode: z.enum(['web', 'academic']).optional(),
  message: z.string().max(MESSAGE_MAX, 'chat.messageTooLong').default(''),
  writingSelectionText: z.string().max(MESSAGE_MAX).optional(),
  writingDocPromptTemplateId: z.union([z.string(), z.number()]).optional(),
  writingDocId: z.string().max(64).optional(),
  translateLanguage: z.string().max(32).optional(),
  /** A client-chosen id that makes a send idempotent and resumable. */
  requestId: z.string().min(8).max(64),
  /** Answer the channel's last user message again, replacing the last answer. */
  regenerate: z.boolean().optional(),
  /** Edit and resend: this user message of the channel and every message after it give way to `message`. */
  editMessageId: z.string().min(1).max(64).optional(),
  /** The chat type; ChatImage (with GPT-4o) makes a picture with the image tool. */
  chatType: z.string().max(32).optional(),
});

export type SendRequest = z.input<typeof SendRequest>;

export const StopRequest = z.object({ requestId: z.string().min(8).max(64) });

export type StopRequest = z.infer<typeof StopRequest>;

export const FeedbackRequest = z.object({
  messageId: z.string().min(1).max(64),
  type: z.enum(['like', 'dislike']).nullable(),
  /** Why an answer was disliked: one of the landing's feedbackDislikeConfig reasons, or the user's words. */
  reason: z.string().trim().max(FEEDBACK_REASON_MAX).optional().nullable(),
});

export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
