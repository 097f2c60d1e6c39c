// Client calls of user feedback.
import {
  type FeedbackCategory,
  FeedbackPaths,
  type UserFeedbackItem,
  type VoiceFeedbackRequest,
} from '../../common/contract';
import { request } from './http';

export const feedbackApi = {
  /** Errors come back to the form (no toast): it shows the server's message beside the text. */
  submit: (body: { category: FeedbackCategory; content: string; page: string }) =>
    request<UserFeedbackItem>('POST', FeedbackPaths.feedback, { body, suppressAlert: true }),
  /** The voice-assistant feedback modal's answer; errors come back to the modal as well. */
  submitVoice: (body: VoiceFeedbackRequest) =>
    request<UserFeedbackItem>('POST', FeedbackPaths.feedback, { body, suppressAlert: true }),
};
