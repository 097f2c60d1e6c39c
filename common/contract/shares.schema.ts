// Request validators of shared chats: the server parses with them, the client imports their types.
import { z } from 'zod';
import { SHARE_KEY_PATTERN } from './shares';

const ShareKey = z.string().regex(SHARE_KEY_PATTERN, 'share.notFound');
export const ShareKeyQuery = z.object({ shareKey: ShareKey });
export type ShareKeyQuery = z.infer<typeof ShareKeyQuery>;
export const ShareKeyRequest = ShareKeyQuery;

const ChannelIdField = z.string().min(1, 'channel.notFound').max(64, 'channel.notFound');
export const CreateShareRequest = z.object({ channelId: ChannelIdField });
export type CreateShareRequest = z.infer<typeof CreateShareRequest>;
export const MySharesQuery = CreateShareRequest;
export const RevokeShareRequest = z.object({ shareId: z.string().min(1).max(64) });
export type RevokeShareRequest = z.infer<typeof RevokeShareRequest>;
