// The pages a provider sends the browser back to: they hand the code (and the page address, which carries
// the state) to the server, then go home.
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import type { SocialProvider } from '../../../common/contract';
import { socialApi } from '../../api/social-login';
import { homePath } from '../../i18n';
import { Link } from '../app/navigation';
import { useRootSelector } from '../app/root-context';
import { toast } from '../kit/toast';
import './social-login.css';

function SocialLoginReturn({ provider }: { provider: SocialProvider }) {
  const { t } = useTranslation();
  const login = useRootSelector((s) => s.context.login);
  const finishing = useSelector(login, (s) => s.matches('finishingSocial'));
  const sent = useRef(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    login.send({ type: 'SOCIAL_RETURN', provider, uri: window.location.href });
  }, [login, provider]);
  useEffect(() => {
    if (sent.current && !finishing) setDone(true);
  }, [finishing]);
  // Success or not, the user lands on home (a failure only emits LoginFail).
  if (done) return <Redirect to={homePath()} replace />;
  return (
    <div className="oauth-return" data-testid="oauth-return">
      <p className="muted">{t('socialLogin.finishing')}</p>
    </div>
  );
}

export const GoogleLoginReturnPage = () => <SocialLoginReturn provider="google" />;
export const AppleLoginReturnPage = () => <SocialLoginReturn provider="apple" />;

export function DriveReturnPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const params = new URL(window.location.href).searchParams;
    const code = params.get('code');
    if (!code) {
      setError(t('socialLogin.driveDenied'));
      return;
    }
    socialApi.connectDrive(code, window.location.href).then(
      () => {
        toast.success(t('socialLogin.driveConnected'));
        navigate(homePath(), { replace: true });
      },
      (failure: unknown) =>
        setError(failure instanceof Error ? failure.message : t('socialLogin.driveFailed')),
    );
  }, [navigate, t]);
  return (
    <div className="oauth-return" data-testid="drive-return">
      {error ? (
        <>
          <p className="error-text" role="alert" data-testid="drive-error">
            {t('socialLogin.driveFailed')} {error}
          </p>
          <Link to={homePath()}>{t('common.backHome')}</Link>
        </>
      ) : (
        <p className="muted">{t('socialLogin.driveConnecting')}</p>
      )}
    </div>
  );
}
