import type {
  ChannelDetail,
  ChannelSummary,
  FeedbackRequest,
  LandingInfo,
  RenameChannelRequest,
} from '../../common/contract';
import { Paths } from '../../common/contract';
import { type RequestOptions, request } from './http';

type Quiet = Pick<RequestOptions, 'suppressAlert' | 'signal'>;

export const chatApi = {
  landing: (options?: Quiet) => request<LandingInfo>('GET', Paths.landing, options),
  channels: (options?: Quiet) => request<ChannelSummary[]>('GET', Paths.myChannelList, options),
  channel: (channelId: string, options?: Quiet) =>
    request<ChannelDetail>('POST', Paths.getChannel, { ...options, body: { channelId } }),
  rename: (body: RenameChannelRequest, options?: Quiet) =>
    request<ChannelSummary>('POST', Paths.renameChannel, { ...options, body }),
  remove: (channelId: string, options?: Quiet) =>
    request<boolean>('POST', Paths.deleteChannel, { ...options, body: { channelId } }),
  stop: (requestId: string, options?: Quiet) =>
    request<boolean>('POST', Paths.stop, { ...options, body: { requestId } }),
  feedback: (body: FeedbackRequest, options?: Quiet) =>
    request<string | null>('POST', Paths.feedback, { ...options, body }),
};
