// Chats: models, channels, messages and the streamed answer (SSE) of a send.

export const ChatPaths = {
  myChannelList: '/api/v1/chat/myChannelList',
  renameChannel: '/api/v1/channel',
  deleteChannel: '/api/v1/channel/delete',
  getChannel: '/api/v1/chat/getChannel',
  send: '/api/v1/chat/send',
  stop: '/api/v1/chat/stop',
  feedback: '/api/v1/chat/feedback',
} as const;

// ---- Models -------------------------------------------------------------------------------------
export const MODEL_STANDARD = 'Standard';
/** The model the upgrade experiment keeps out of web-search answers. */
export const MODEL_GPT4 = 'GPT-4';
export const ModelRole = { Chat: 'Chat', DocChat: 'DocChat' } as const;

export interface ModelListItem {
  name: string;
  role: 'Chat' | 'DocChat';
  desc: string;
  disabled: boolean;
  /** Usable without a paid membership (the Standard model). */
  free: boolean;
  /** Needs a paid membership. */
  pro: boolean;
  /** Served by Parley's built-in offline model because no AI provider is configured. */
  offline: boolean;
}

// ---- Channels -----------------------------------------------------------------------------------
export const ChannelType = { ONE_CHAT: 'ONE_CHAT', CHAT: 'CHAT', DOC: 'DOC', PPT: 'PPT' } as const;
export type ChannelTypeValue = (typeof ChannelType)[keyof typeof ChannelType];

export interface ChannelSummary {
  channelId: string;
  channelName: string;
  fileTypeEnum: string | null;
  docEntries: { multiDoc: boolean; docs: unknown[] } | null;
  ext: { channelTypeEnum: ChannelTypeValue };
  model: string;
  createdAt: string;
  updatedAt: string;
}

export const CHANNEL_NAME_MAX = 200;

export type MessageRole = 'user' | 'assistant';
export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'failed';
export type FeedbackType = 'like' | 'dislike' | 'regeneration';

export interface ChatMessage {
  id: string;
  channelId: string;
  role: MessageRole;
  content: string;
  model: string;
  status: MessageStatus;
  error: string | null;
  feedback: 'like' | 'dislike' | null;
  /** The client's id for the send that produced this message (idempotent resend / resume). */
  requestId: string | null;
  createdAt: string;
}

export interface ChannelDetail {
  channel: ChannelSummary;
  messages: ChatMessage[];
}

// ---- Chat send (SSE) ----------------------------------------------------------------------------
export const MESSAGE_MAX = 32000;
/** A dislike's reason: a chosen reason or a short note. */
export const FEEDBACK_REASON_MAX = 500;

/** One streamed chunk; each SSE data line is an array holding one of these. */
export interface StreamChunk {
  chunkId: number;
  content?: string;
  error?: string;
  code?: number;
}

/** Sent once as `event: meta` before the chunks, so a new chat learns its channel. */
export interface StreamMeta {
  channelId: string;
  channelName: string;
  userMessageId: string;
  answerMessageId: string;
  model: string;
}

/** Sent as `event: done` when the answer is complete (or stopped / failed). */
export interface StreamDone {
  status: MessageStatus;
}
