// The wire contract both sides read: every path, payload, answer and constant, one module per domain.
// Validators (zod) sit beside each domain in <domain>.schema.ts; this index re-exports only their types,
// so zod stays out of the browser bundle.
import { AuthPaths } from './auth';
import { ChatPaths } from './chat';
import { LandingPaths } from './landing';
import { UserPaths } from './user';

export * from './analytics';
export * from './auth';
export type { LoginByCodeRequest, SendLoginCodeRequest, VisitRequest } from './auth.schema';
export * from './billing';
export * from './captcha';
export * from './chat';
export type {
  ChannelIdRequest,
  FeedbackRequest,
  RenameChannelRequest,
  SendRequest,
  StopRequest,
} from './chat.schema';
export * from './creation';
export * from './document-images';
export * from './documents';
export * from './feedback';
export type { UserFeedbackRequest, VoiceFeedbackRequest } from './feedback.schema';
export * from './landing';
export * from './prompts';
export * from './shares';
export * from './social-login';
export * from './uploads';
export * from './user';
export * from './wire';
export * from './writing';
export type { SetTipsExistFlagRequest } from './writing.schema';

/** The paths of the core domains under one name, as most callers use them. */
export const Paths = { ...AuthPaths, ...ChatPaths, ...UserPaths, ...LandingPaths } as const;
