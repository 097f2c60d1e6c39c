// The app's own analytics events: a failed social login (LoginFail, shown to nobody), a pay return the
// server confirmed or a cancelled one, and a crash caught by the error boundary. Never throws.
import type { RootActor } from '../../machines/root';
import { analytics } from '../../workers/analytics';

const language = () => document.documentElement.lang || 'en';

export function trackAppEvents(root: RootActor) {
  const { login, billing } = root.getSnapshot().context;
  login.on(
    'LoginFail',
    (event) =>
      void analytics.track('LoginFail', { loginType: event.loginType, details: event.details }, language()),
  );
  billing.on(
    'PaymentSuccess',
    (event) => void analytics.track('payment_success', { status: event.status }, language()),
  );
}

export function trackPaymentCancel(subType: string | null) {
  void analytics.track('payment_cancel', { subType }, language());
}

export function trackCrash(error: Error, page: string) {
  void analytics.track('crash', { message: error.message.slice(0, 300), page }, language());
}
