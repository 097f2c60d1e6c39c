import {
  type ChannelSummary,
  type ShareConversation,
  type ShareCreated,
  type ShareDetail,
  SharePaths,
  type ShareSummary,
} from '../../common/contract';
import { type RequestOptions, request } from './http';

type Quiet = Pick<RequestOptions, 'suppressAlert' | 'signal'>;

export const shareApi = {
  create: (channelId: string, options?: Quiet) =>
    request<ShareCreated>('POST', SharePaths.create, { ...options, body: { channelId } }),
  mine: (channelId: string, options?: Quiet) =>
    request<ShareSummary[]>('GET', SharePaths.mine, { ...options, query: { channelId } }),
  revoke: (shareId: string, options?: Quiet) =>
    request<boolean>('POST', SharePaths.revoke, { ...options, body: { shareId } }),
  // The shared view needs no login: these go without the caller's token.
  detail: (shareKey: string, options?: Quiet) =>
    request<ShareDetail>('GET', SharePaths.detail, { ...options, noAuth: true, query: { shareKey } }),
  conversation: (shareKey: string, options?: Quiet) =>
    request<ShareConversation>('GET', SharePaths.conversation, {
      ...options,
      noAuth: true,
      query: { shareKey },
    }),
  createChannel: (shareKey: string, options?: Quiet) =>
    request<ChannelSummary>('POST', SharePaths.createChannelByShareKey, { ...options, body: { shareKey } }),
};
