import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '../../../common/contract';
import { useRootSelector } from '../app/root-context';
import { useLanding } from '../chat/use-models';
import './social-login.css';

/** Continue with Google, and Apple behind a 'more' toggle; only providers the server offers. */
export function SocialButtons({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const social = useLanding()?.socialLogin;
  const login = useRootSelector((s) => s.context.login);
  const [more, setMore] = useState(false);
  if (!social?.google && !social?.apple) return null;
  const start = (provider: SocialProvider) => login.send({ type: 'SOCIAL_START', provider });
  return (
    <div className="social-login">
      <p className="muted small social-or">{t('socialLogin.or')}</p>
      {social.google && (
        <button
          type="button"
          className="button wide"
          disabled={busy}
          onClick={() => start('google')}
          data-testid="login-google"
        >
          {t('socialLogin.continueGoogle')}
        </button>
      )}
      {social.apple && (
        <>
          <button
            type="button"
            className="link-button small"
            aria-expanded={more}
            onClick={() => setMore((open) => !open)}
            data-testid="login-more"
          >
            {more ? t('socialLogin.less') : t('socialLogin.more')}
          </button>
          {more && (
            <button
              type="button"
              className="button wide"
              disabled={busy}
              onClick={() => start('apple')}
              data-testid="login-apple"
            >
              {t('socialLogin.continueApple')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
