import type {
  ChannelDetail,
  ChannelSummary,
  FeedbackRequest,
  LandingInfo,
  RenameChannelRequest,
} from '../../common/contract';
import { Paths } from '../../common/contract';
import { takeBootChat } from './boot-chat';
import { type RequestOptions, request } from './http';
import { tokenStore } from './storage';

type Quiet = Pick<RequestOptions, 'suppressAlert' | 'signal'>;

/** A chat asked for by the page's first route before the chat page's code arrived (prefetchChannel). */
let early: { channelId: string; at: number; detail: Promise<ChannelDetail> } | null = null;
/** Older than this, an early answer is not handed out: the chat is asked again. */
const EARLY_FOR_MS = 10_000;

export const chatApi = {
  landing: (options?: Quiet) => request<LandingInfo>('GET', Paths.landing, options),
  channels: (options?: Quiet) => request<ChannelSummary[]>('GET', Paths.myChannelList, options),
  channel: (channelId: string, options?: Quiet) => {
    const taken = early;
    if (taken?.channelId === channelId) early = null;
    if (taken?.channelId === channelId && Date.now() - taken.at < EARLY_FOR_MS) return taken.detail;
    return request<ChannelDetail>('POST', Paths.getChannel, { ...options, body: { channelId } });
  },
  /**
   * Asks for a chat while its page's chunks are still loading; the next `channel` call for it (the chat's
   * actor, or the route's loader once the answer is here) gets this answer instead of asking again.
   */
  prefetchChannel: (channelId: string): Promise<ChannelDetail> => {
    // Opened at this chat: public/theme.js asked for it already, with the token this request would carry.
    const boot = takeBootChat(channelId, tokenStore.current());
    const detail = request<ChannelDetail>('POST', Paths.getChannel, {
      suppressAlert: true,
      body: { channelId },
      asked: boot ? { response: boot.response, token: boot.token } : undefined,
    });
    // Its taker handles a failure; one never taken is no one's error.
    detail.catch(() => {});
    early = { channelId, at: Date.now(), detail };
    return detail;
  },
  rename: (body: RenameChannelRequest, options?: Quiet) =>
    request<ChannelSummary>('POST', Paths.renameChannel, { ...options, body }),
  remove: (channelId: string, options?: Quiet) =>
    request<boolean>('POST', Paths.deleteChannel, { ...options, body: { channelId } }),
  stop: (requestId: string, options?: Quiet) =>
    request<boolean>('POST', Paths.stop, { ...options, body: { requestId } }),
  feedback: (body: FeedbackRequest, options?: Quiet) =>
    request<string | null>('POST', Paths.feedback, { ...options, body }),
};
