import { useSelector } from '@xstate/react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { LOGIN_CODE_LENGTH } from '../../../common/contract';
import type { loginMachine } from '../../machines/login.machine';
import { useLangPath } from '../app/paths';
import { useRootSelector } from '../app/root-context';
import { Modal } from '../kit/Modal';
import { SocialButtons } from '../social-login/SocialButtons';
import { CodeBoxes } from './CodeBoxes';
import './auth.css';

const emptyCode = () => Array.from({ length: LOGIN_CODE_LENGTH }, () => '');

const loginView = (s: SnapshotFrom<typeof loginMachine>) => ({
  open: !s.matches('closed'),
  step: s.matches({ open: 'code' }) || s.matches({ open: 'verifying' }) ? 'code' : 'email',
  busy:
    s.matches({ open: 'sending' }) || s.matches({ open: 'verifying' }) || s.matches({ open: 'redirecting' }),
  ...s.context,
});
type LoginView = ReturnType<typeof loginView>;
type LoginRef = ActorRefFrom<typeof loginMachine>;

export function LoginModal() {
  const login = useRootSelector((s) => s.context.login);
  const state = useSelector(login, loginView);
  return (
    <Modal
      open={state.open}
      onOpenChange={(open) => !open && login.send({ type: 'CLOSE' })}
      width={440}
      className="login"
      testId="login-modal"
    >
      {/* The steps are drawn only while the dialog is open, so what was typed (the email, the code's boxes) belongs
          to one opening: a login that succeeded left its code in the boxes, and the next login (another account's,
          after a session ended without a reload) then sent the old digits with its first new one. */}
      <LoginSteps login={login} state={state} />
    </Modal>
  );
}

function LoginSteps({ login, state }: { login: LoginRef; state: LoginView }) {
  const { t } = useTranslation();
  const to = useLangPath();
  const [email, setEmail] = useState('');
  const [digits, setDigits] = useState(emptyCode);

  return (
    <>
      {state.step === 'email' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!state.busy) login.send({ type: 'SUBMIT_EMAIL', email });
          }}
        >
          <Dialog.Title>{t('account.loginTitle')}</Dialog.Title>
          <Dialog.Description className="muted">{t('account.loginBody')}</Dialog.Description>
          <input
            type="email"
            className="text-input"
            value={email}
            placeholder={t('account.emailPlaceholder')}
            aria-label={t('account.emailPlaceholder')}
            onChange={(event) => setEmail(event.target.value)}
            autoFocus
            data-testid="login-email"
          />
          {state.emailError && (
            <p className="error-text small" role="alert" data-testid="login-email-error">
              {state.emailError === 'invalidEmail' ? t('common.againEmail') : state.emailError}
            </p>
          )}
          <button
            type="submit"
            className="button primary wide"
            disabled={state.busy}
            data-testid="login-next"
          >
            {t('account.next')}
          </button>
          <SocialButtons busy={state.busy} />
          <p className="muted small terms">
            {/* In a new tab, in this language: what was typed in the login stays where it is. */}
            {t('account.agree')}{' '}
            <a href={to('/terms/user')} target="_blank" rel="noopener" data-testid="login-terms">
              {t('account.terms')}
            </a>{' '}
            ·{' '}
            <a href={to('/terms/privacy')} target="_blank" rel="noopener" data-testid="login-privacy">
              {t('account.privacy')}
            </a>
          </p>
        </form>
      ) : (
        <div>
          <Dialog.Title>{t('account.codeTitle')}</Dialog.Title>
          <Dialog.Description className="muted">
            {t('account.codeBody', { email: state.email })}
          </Dialog.Description>
          <CodeBoxes
            digits={digits}
            error={state.codeError}
            onChange={(next) => {
              setDigits(next);
              login.send({ type: 'CODE_TYPED' });
            }}
            onComplete={(code) => login.send({ type: 'VERIFY', code })}
          />
          {state.codeError && (
            <p className="error-text small" role="alert" data-testid="login-code-error">
              {t('account.wrongCode')}
            </p>
          )}
          <button
            type="button"
            className="button primary wide"
            disabled={state.busy || digits.some((d) => !d)}
            onClick={() => login.send({ type: 'VERIFY', code: digits.join('') })}
            data-testid="login-verify"
          >
            {t('account.verify')}
          </button>
          <div className="login-links">
            {state.resendIn > 0 ? (
              <span className="muted small" data-testid="resend-countdown">
                {t('account.resendIn', { seconds: state.resendIn })}
              </span>
            ) : (
              <button
                type="button"
                className="link-button"
                onClick={() => login.send({ type: 'RESEND' })}
                data-testid="resend"
              >
                {t('account.resend')}
              </button>
            )}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setDigits(emptyCode());
                login.send({ type: 'CHANGE_EMAIL' });
              }}
              data-testid="login-change-email"
            >
              {t('account.differentEmail')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
