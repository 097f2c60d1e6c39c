import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { useLangPath } from '../app/paths';
import { useRootSelector } from '../app/root-context';

/** /logout: signs the session out on the server, then goes home as a guest. */
export function LogoutPage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const auth = useRootSelector((s) => s.context.auth);
  const member = useSelector(auth, (s) => s.matches('member') || s.matches('signingOut'));
  useEffect(() => {
    auth.send({ type: 'LOGOUT' });
  }, [auth]);
  if (!member) return <Redirect to={to('/')} replace />;
  return <p className="empty-state">{t('account.loggingOut')}</p>;
}
