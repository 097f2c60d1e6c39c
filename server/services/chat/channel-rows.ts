// Channel and message rows as the wire shows them.
import type { ChannelSummary, ChannelTypeValue, ChatMessage } from '../../../common/contract/index.js';
import type { channels, messages } from '../../db/schema.js';

export type ChannelRow = typeof channels.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const toChannelSummary = (row: ChannelRow): ChannelSummary => ({
  channelId: row.id,
  channelName: row.name,
  fileTypeEnum: null,
  docEntries: null,
  ext: { channelTypeEnum: row.channelType as ChannelTypeValue },
  model: row.model,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  channelId: row.channelId,
  role: row.role,
  content: row.content,
  model: row.model,
  status: row.status,
  error: row.error,
  feedback: row.feedback,
  requestId: row.requestId,
  createdAt: row.createdAt.toISOString(),
});
