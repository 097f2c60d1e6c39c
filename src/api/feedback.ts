import {
  AnalyticsPaths,
  type AppLinks,
  type FeedbackCategory,
  FeedbackPaths,
  Paths,
  type TipsResponse,
  type UserFeedbackItem,
} from '../../common/contract';
import { request } from './http';

export const shellApi = {
  /** Errors come back to the form (no toast): it shows the server's message beside the text. */
  submitFeedback: (body: { category: FeedbackCategory; content: string; page: string }) =>
    request<UserFeedbackItem>('POST', FeedbackPaths.feedback, { body, suppressAlert: true }),
  appLinks: () => request<AppLinks>('GET', Paths.appLinks, { suppressAlert: true }),
  tips: () => request<TipsResponse>('POST', Paths.tips, { body: {}, suppressAlert: true }),
  /** The caller's experiment variants; an experiment missing from the answer is off. */
  experiments: async (keys: string[]) =>
    (await request<TipsResponse>('POST', Paths.tips, { body: { abKeyList: keys }, suppressAlert: true }))
      .abResList,
  closeTip: (tag: string) =>
    request<TipsResponse>('POST', Paths.tips, {
      body: { userTips: [{ tag, value: 0, defaultValue: 1 }] },
      suppressAlert: true,
    }),
};

/**
 * Sends the error boundary's crash report to the server log. Plain fetch with keepalive: it must work while
 * the app is broken or unloading, and a failure is dropped (a crash report never causes another error).
 */
export function reportCrash(error: Error, componentStack?: string | null) {
  try {
    void fetch(AnalyticsPaths.clientError, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        message: error.message,
        stack: error.stack ?? null,
        componentStack: componentStack ?? null,
        page: location.pathname,
      }),
    }).catch(() => undefined);
  } catch {
    // No fetch (very old browsers) or a body that cannot be built: nothing to do.
  }
}
