import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { socialApi } from '../../api/social-login';
import { tokenStore } from '../../api/storage';
import { useRootSelector } from '../app/root-context';
import { useLanding } from '../chat/use-models';
import { loadGoogleIdentity, shouldOfferOneTap } from './one-tap';

// What the browser held when the page loaded, before the guest visit stores a token.
const storedAtLoad = { token: tokenStore.token() !== null, guest: tokenStore.guestToken() !== null };

/** Google's one-tap prompt, when allowed; its credential goes to the login actor. */
export function OneTap() {
  const clientId = useLanding()?.socialLogin?.oneTapClientId ?? null;
  const login = useRootSelector((s) => s.context.login);
  const [pathname] = useLocation();
  const offer = shouldOfferOneTap({
    clientId,
    hasToken: storedAtLoad.token,
    hasGuestToken: storedAtLoad.guest,
    pathname,
    automated: navigator.webdriver === true,
  });

  useEffect(() => {
    if (!offer || !clientId) return;
    let active = true;
    (async () => {
      const { nonce } = await socialApi.start('google', 'onetap');
      const google = await loadGoogleIdentity();
      if (!active) return;
      google.accounts.id.initialize({
        client_id: clientId,
        nonce,
        cancel_on_tap_outside: true,
        callback: ({ credential }) => login.send({ type: 'ONE_TAP', idToken: credential }),
      });
      google.accounts.id.prompt();
    })().catch((error: unknown) => console.info('one-tap unavailable', error));
    return () => {
      active = false;
      window.google?.accounts.id.cancel();
    };
  }, [offer, clientId, login]);
  return null;
}
