// Reads ?shareKey=… on any page: stores it, removes it from the URL, and once the user is logged in makes a
// chat of their own from the share and opens it (a guest is asked to log in first).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SHARE_KEY_PARAM } from '../../../common/contract';
import { ApiError } from '../../api/http';
import { shareApi } from '../../api/shares';
import { syncNow } from '../../machines/sync';
import { useSearch } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { useAuthState, useRootSelector } from '../app/root-context';
import { toast } from '../kit/toast';
import { pendingShare } from './pending-share';

export function ShareKeyCatcher() {
  const { t } = useTranslation();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const to = useLangPath();
  const auth = useAuthState();
  const login = useRootSelector((s) => s.context.login);
  const busy = useRef(false);
  const [pending, setPending] = useState(pendingShare.get);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const key = params.get(SHARE_KEY_PARAM);
    if (key === null) return;
    pendingShare.set(key);
    setPending(pendingShare.get());
    params.delete(SHARE_KEY_PARAM);
    const rest = params.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}${window.location.hash}`, { replace: true });
  }, [pathname, search, navigate]);

  useEffect(() => {
    const key = pending;
    if (!key || !auth.ready || busy.current) return;
    // 'member' is a logged-in token (its user info may still be on the way); only a guest is asked to log in.
    if (auth.isGuest) {
      login.send({ type: 'OPEN' });
      return;
    }
    busy.current = true;
    shareApi
      .createChannel(key, { suppressAlert: true })
      .then((channel) => {
        pendingShare.clear();
        setPending(null);
        void syncNow();
        navigate(to(`/chat/${channel.channelId}`));
      })
      .catch((error) => {
        // A revoked or unknown share will never work: forget it. A network failure keeps it for later.
        if (error instanceof ApiError && error.refused && error.httpStatus !== 401) {
          pendingShare.clear();
          setPending(null);
        }
        toast.error(error instanceof ApiError ? error.message : t('shares.continueFailed'));
      })
      .finally(() => {
        busy.current = false;
      });
  }, [pending, auth.ready, auth.isGuest, login, navigate, to, t]);

  return null;
}
