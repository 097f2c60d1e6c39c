// Connects the API's reactions to the actor system and the toasts.

import { sendNeedsHumanCheck } from '../../../common/contract';
import { configureApi } from '../../api/http';
import { tokenStore } from '../../api/storage';
import { currentLanguage } from '../../i18n';
import type { RootActor } from '../../machines/root';
import { toast } from '../kit/toast';

export function installApiHooks(root: RootActor) {
  configureApi({
    language: currentLanguage,
    onUnauthorized: ({ alertsSuppressed, sentToken }) => {
      // A 401 to a call sent with no token, or with one since replaced, says nothing of the current one: a
      // first visit's early call answered after the guest token arrived would otherwise drop that new guest
      // (and what it just made) for yet another.
      if (sentToken !== undefined && sentToken !== tokenStore.current()) return;
      const { auth, login } = root.getSnapshot().context;
      // Drop the stored login, reset user info, and offer to log in again unless the call
      // asked for no alerts or the login modal is already open. A stale guest token just gets renewed.
      const hadLogin = tokenStore.token() !== null;
      auth.send({ type: 'UNAUTHORIZED' });
      if (hadLogin && !alertsSuppressed && login.getSnapshot().value === 'closed')
        login.send({ type: 'OPEN' });
    },
    onForbidden: () => location.assign('/403.html'),
    onUpgradeRequired: (prompt) => root.send({ type: 'UPGRADE.REQUIRED', prompt }),
    onErrorToast: (message) => toast.error(message),
    // Unknown yet (no user info) counts as asked: the server decides, and a spare token costs one solve.
    needsHumanCheck: (send) => {
      const user = root.getSnapshot().context.auth.getSnapshot().context.user;
      return user ? sendNeedsHumanCheck(user, send) : true;
    },
    captchaToken: () =>
      new Promise<string>((resolve, reject) =>
        root.getSnapshot().context.captcha.send({ type: 'REQUEST', waiter: { resolve, reject } }),
      ),
  });
}
