// The app's own analytics events: a failed social login (LoginFail, shown to nobody), a pay return the
// server confirmed or a cancelled one, and a crash caught by the error boundary. Never throws.

import { userApi } from '../../api/user';
import type { RootActor } from '../../machines/root';
import { analytics } from '../../workers/analytics';

const language = () => document.documentElement.lang || 'en';

export function trackAppEvents(root: RootActor) {
  const { login, billing, auth } = root.getSnapshot().context;
  // The user properties (who, which plan since when, how the session began) go with the events each time
  // the account or its plan changes: logging in, a payment, a plan that ended.
  let described = '';
  auth.subscribe((snapshot) => {
    const { user, isLogin, guestToken } = snapshot.context;
    // A guest has no user info, only its guest session; a member once the user info arrived.
    if (isLogin === null || (isLogin && !user) || (!isLogin && !guestToken)) return;
    const key = user ? `${user.uid}:${user.isLogin}:${user.membershipId}` : `guest:${guestToken}`;
    if (key === described) return;
    described = key;
    userApi.properties().then(
      (properties) => void analytics.track('user_properties', { ...properties }, language()),
      () => {
        described = ''; // offline: asked again at the next change
      },
    );
  });
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
