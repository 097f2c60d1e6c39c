// The billing manager: 1 plan detail, 2 "Leaving soon", 3 retention coupon, 4 student discount,
// 5 questionnaire, 6 cancelled (380 wide; 532 for steps 5 and 6), plus the upgrade picker.
import { useSelector } from '@xstate/react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type BillingDetail, type CouponPreview, PayProvider } from '../../../common/contract';
import { billingApi } from '../../api/billing';
import { currentLanguage, leaveForProvider } from '../../i18n';
import { useAuthState, useRootSelector } from '../app/root-context';
import { Modal } from '../kit/Modal';
import {
  billingAmount,
  canOfferUpgrade,
  formatDate,
  questionnaireComplete,
  upgradeAmount,
} from './price-display';

type Billing = ReturnType<typeof useBillingActor>;
const useBillingActor = () => useRootSelector((s) => s.context.billing);

export function BillingModal() {
  const { t } = useTranslation();
  const billing = useBillingActor();
  const open = useSelector(billing, (s) => s.matches({ manager: 'open' }));
  const step = useSelector(billing, (s) => s.context.step);
  const detail = useSelector(billing, (s) => s.context.detail);
  const upgrades = useSelector(billing, (s) => s.context.upgradeList);
  const wide = step === 5 || step === 6;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && billing.send({ type: 'BILLING.CLOSE' })}
      width={wide ? 532 : 380}
      className="billing-modal"
      testId="billing-modal"
      data-step={upgrades ? 'upgrade' : step}
      closeLabel={t('billing.manage.close')}
      closeTestId="billing-close"
    >
      {upgrades ? (
        <UpgradePicker billing={billing} />
      ) : !detail ? (
        <FreeView billing={billing} />
      ) : step === 1 ? (
        <PlanDetail billing={billing} detail={detail} />
      ) : step === 2 ? (
        <Leaving billing={billing} />
      ) : step === 3 ? (
        <RetentionCoupon billing={billing} />
      ) : step === 4 ? (
        <StudentDiscount billing={billing} />
      ) : step === 5 ? (
        <Questionnaire billing={billing} />
      ) : (
        <Cancelled detail={detail} />
      )}
      <Dialog.Description className="visually-hidden">{t('billing.manage.title')}</Dialog.Description>
    </Modal>
  );
}

function FreeView({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog.Title>{t('billing.manage.title')}</Dialog.Title>
      <p data-testid="billing-free">{t('billing.manage.free')}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            billing.send({ type: 'BILLING.CLOSE' });
            billing.send({ type: 'PAY.OPEN' });
          }}
        >
          {t('billing.manage.upgradeToPro')}
        </button>
      </div>
    </>
  );
}

function PlanDetail({ billing, detail }: { billing: Billing; detail: BillingDetail }) {
  const { t } = useTranslation();
  const { user } = useAuthState();
  // Wallet payers have no card customer in the user info; their portal is found by provider. A FastSpring
  // subscriber manages it on FastSpring's account page, not Stripe's portal.
  const portalOf =
    detail.provider === PayProvider.Wallet
      ? { payProvider: PayProvider.Wallet }
      : detail.provider === PayProvider.MerchantOfRecord && user?.fastspringCustomer
        ? { accountId: user.fastspringCustomer }
        : user?.stripeCustomer
          ? { customer: user.stripeCustomer }
          : user?.fastspringCustomer
            ? { accountId: user.fastspringCustomer }
            : null;
  const per =
    detail.subscriptionInterval === 'Year' ? t('billing.manage.perYear') : t('billing.manage.perMonth');
  return (
    <>
      <Dialog.Title>{t('billing.manage.title')}</Dialog.Title>
      {detail.pastDue && (
        <div className="billing-past-due" role="alert" data-testid="billing-past-due">
          <strong>{t('billing.manage.pastDue')}</strong>
          <p className="small">{t('billing.manage.pastDueBody')}</p>
        </div>
      )}
      <dl className="billing-detail">
        <dt>{t('billing.manage.plan')}</dt>
        <dd data-testid="billing-plan">
          {t(`billing.manage.plans.${detail.membershipId}`)}
          {detail.trial ? ` · ${t('billing.manage.trial')}` : ''}
        </dd>
        <dt>{t('billing.manage.price')}</dt>
        <dd data-testid="billing-price">
          {billingAmount(detail.price, detail.symbol, currentLanguage())}
          {per}
        </dd>
        {detail.discountPercent > 0 && (
          <dd data-testid="billing-discount">
            {/* A cancelled plan is not charged again: only the discount is said, never a next charge. */}
            {detail.canceled
              ? t('billing.manage.discountOnly', { percent: detail.discountPercent })
              : t('billing.manage.discount', {
                  percent: detail.discountPercent,
                  amount: billingAmount(detail.nextCharge, detail.symbol, currentLanguage()),
                })}
          </dd>
        )}
        {detail.canceled && <dd data-testid="billing-cancelled">{t('billing.manage.cancelled')}</dd>}
        <dt data-testid="billing-date-label">
          {detail.canceled
            ? t('billing.manage.planEndsOn')
            : detail.pastDue
              ? t('billing.manage.pastDueSince')
              : t('billing.manage.nextRenewal')}
        </dt>
        <dd data-testid="billing-date">{formatDate(detail.currentPeriodEnd)}</dd>
      </dl>
      <div className="dialog-actions">
        {canOfferUpgrade(user) && !detail.trial && (
          <button
            type="button"
            className="button primary"
            data-testid="billing-upgrade"
            onClick={() => billing.send({ type: 'UPGRADE.OPEN' })}
          >
            {t('billing.manage.upgrade')}
          </button>
        )}
        {portalOf && (
          <button
            type="button"
            className={detail.pastDue ? 'button primary' : 'button'}
            data-testid="billing-portal"
            onClick={() =>
              billingApi.portal(portalOf, location.href).then(
                (url) => leaveForProvider(url),
                () => {},
              )
            }
          >
            {t('billing.manage.manageBilling')}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-testid="billing-cancel"
          disabled={detail.canceled}
          onClick={() => billing.send({ type: 'BILLING.CANCEL_START' })}
        >
          {detail.canceled ? t('billing.manage.cancelled') : t('billing.manage.cancel')}
        </button>
      </div>
    </>
  );
}

function Leaving({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog.Title>{t('billing.leaving.title')}</Dialog.Title>
      <p>{t('billing.leaving.body')}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => billing.send({ type: 'BILLING.BACK' })}
        >
          {t('billing.leaving.keep')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="billing-continue-cancel"
          onClick={() => billing.send({ type: 'BILLING.NEXT' })}
        >
          {t('billing.leaving.continue')}
        </button>
      </div>
    </>
  );
}

function usePreview(key: 'cancel' | 'student') {
  const [preview, setPreview] = useState<CouponPreview | null>(null);
  useEffect(() => {
    billingApi.preview(key).then(setPreview, () => setPreview(null));
  }, [key]);
  return preview;
}

function RetentionCoupon({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  const preview = usePreview('cancel');
  const busy = useSelector(billing, (s) => s.context.busy);
  return (
    <>
      <Dialog.Title>{t('billing.coupon.title', { percent: preview?.discountPercent ?? '' })}</Dialog.Title>
      {preview && (
        <p data-testid="coupon-preview">
          {t('billing.coupon.body', {
            amount: billingAmount(preview.nextCharge, preview.symbol, currentLanguage()),
            full: billingAmount(preview.amount, preview.symbol, currentLanguage()),
          })}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => billing.send({ type: 'BILLING.BACK' })}>
          {t('billing.manage.back')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="coupon-decline"
          onClick={() => billing.send({ type: 'BILLING.NEXT' })}
        >
          {t('billing.coupon.decline')}
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="coupon-accept"
          disabled={busy}
          onClick={() => billing.send({ type: 'COUPON.ACCEPT' })}
        >
          {t('billing.coupon.accept')}
        </button>
      </div>
    </>
  );
}

function StudentDiscount({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  const preview = usePreview('student');
  const student = useSelector(billing, (s) => s.context.student);
  const busy = useSelector(billing, (s) => s.context.busy);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const wait = Math.max(0, Math.ceil((student.resendAt - now) / 1000));
  const emailOk = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  if (student.done)
    return (
      <>
        <Dialog.Title>{t('billing.student.title')}</Dialog.Title>
        <p data-testid="student-success">
          {t('billing.student.success', { percent: preview?.discountPercent ?? '' })}
        </p>
        <div className="dialog-actions">
          <button
            type="button"
            className="button primary"
            onClick={() => billing.send({ type: 'BILLING.CLOSE' })}
          >
            {t('billing.cancelled.done')}
          </button>
        </div>
      </>
    );
  return (
    <>
      <Dialog.Title>{t('billing.student.title')}</Dialog.Title>
      <p>{t('billing.student.body', { percent: preview?.discountPercent ?? '' })}</p>
      <label className="small" htmlFor="student-email">
        {t('billing.student.email')}
      </label>
      <div className="member-row">
        <input
          id="student-email"
          className="rename-input"
          data-testid="student-email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button
          type="button"
          className="button"
          data-testid="student-get-code"
          disabled={busy || wait > 0}
          onClick={() =>
            emailOk
              ? billing.send({ type: 'STUDENT.SEND', email: email.trim() })
              : toast.error(t('billing.student.emailFormat'))
          }
        >
          {wait > 0
            ? t('billing.student.resendIn', { seconds: wait })
            : student.sent
              ? t('billing.student.resend')
              : t('billing.student.getCode')}
        </button>
      </div>
      <label className="small" htmlFor="student-code">
        {t('billing.student.code')}
      </label>
      <input
        id="student-code"
        className="rename-input"
        data-testid="student-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {student.error && (
        <p className="error-text" data-testid="student-error">
          {student.error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => billing.send({ type: 'BILLING.NEXT' })}>
          {t('billing.student.skip')}
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="student-verify"
          disabled={busy || !emailOk || !code.trim()}
          onClick={() => billing.send({ type: 'STUDENT.VERIFY', email: email.trim(), code })}
        >
          {t('billing.student.verify')}
        </button>
      </div>
    </>
  );
}

const OPTIONS: Record<string, string[]> = {
  q1: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
  q2: ['a', 'b', 'c', 'd'],
  q3: ['a', 'b', 'c', 'd'],
  q4: ['a', 'b', 'c', 'd', 'e'],
  q5: ['a', 'b', 'c'],
  q6: ['a', 'b', 'c', 'd'],
};
const EXTRA: Record<string, string[]> = { q1: ['d', 'e', 'f', 'h'], q4: ['e'] };

function Questionnaire({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [showRules, setShowRules] = useState(false);
  const busy = useSelector(billing, (s) => s.context.busy);
  const serverError = useSelector(billing, (s) => s.context.error);
  const set = (key: string, value: string) => setAnswers((a) => ({ ...a, [key]: value }));
  return (
    <>
      <Dialog.Title>{t('billing.questionnaire.title')}</Dialog.Title>
      <form
        className="questionnaire"
        onSubmit={(event) => {
          event.preventDefault();
          if (!questionnaireComplete(answers)) return setShowRules(true);
          billing.send({ type: 'QUESTIONNAIRE.SUBMIT', answers });
        }}
      >
        {Object.entries(OPTIONS).map(([q, letters]) => (
          <fieldset key={q} data-testid={`question-${q}`}>
            <legend>{t(`billing.questionnaire.${q}`)}</legend>
            {letters.map((letter) => (
              <label key={letter} className="small">
                <input
                  type="radio"
                  name={q}
                  value={letter}
                  checked={answers[q] === letter}
                  onChange={() => set(q, letter)}
                />{' '}
                {t(`billing.questionnaire.${q}Options.${letter}`)}
              </label>
            ))}
            {EXTRA[q]?.includes(answers[q] ?? '') && (
              <input
                className="rename-input"
                data-testid={`extra-${q}`}
                placeholder={t('billing.questionnaire.more')}
                value={answers[`${q}-${answers[q]}`] ?? ''}
                onChange={(e) => set(`${q}-${answers[q]}`, e.target.value)}
              />
            )}
          </fieldset>
        ))}
        <label className="small" htmlFor="q7">
          {t('billing.questionnaire.q7')}
        </label>
        <textarea
          id="q7"
          data-testid="question-q7"
          className="feedback-text"
          value={answers.q7 ?? ''}
          onChange={(e) => set('q7', e.target.value)}
        />
        {(showRules || serverError) && (
          <p className="error-text" data-testid="questionnaire-error">
            {serverError ?? t('billing.questionnaire.verticalRules')}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => billing.send({ type: 'BILLING.BACK' })}>
            {t('billing.manage.back')}
          </button>
          <button type="submit" className="button primary" disabled={busy} data-testid="questionnaire-submit">
            {t('billing.questionnaire.submit')}
          </button>
        </div>
      </form>
    </>
  );
}

function Cancelled({ detail }: { detail: BillingDetail }) {
  const { t } = useTranslation();
  const billing = useBillingActor();
  return (
    <>
      <Dialog.Title>{t('billing.cancelled.title')}</Dialog.Title>
      <p data-testid="cancel-success">
        {t('billing.cancelled.body', { date: formatDate(detail.currentPeriodEnd, detail.trial) })}
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button primary"
          data-testid="cancel-done"
          onClick={() => billing.send({ type: 'BILLING.OPEN' })}
        >
          {t('billing.cancelled.done')}
        </button>
      </div>
    </>
  );
}

function UpgradePicker({ billing }: { billing: Billing }) {
  const { t } = useTranslation();
  const list = useSelector(billing, (s) => s.context.upgradeList ?? []);
  const busy = useSelector(billing, (s) => s.context.busy);
  const studentOffer = useSelector(billing, (s) => s.context.upgradeStudentOffer);
  return (
    <>
      <Dialog.Title>{t('billing.upgradePicker.title')}</Dialog.Title>
      {studentOffer && (
        <div className="banner student-notice" data-testid="upgrade-student-notice">
          <span>{t('billing.upgradePicker.studentNotice')}</span>
          <button
            type="button"
            className="button"
            onClick={() => billing.send({ type: 'UPGRADE.STUDENT' })}
            data-testid="upgrade-student"
          >
            {t('billing.upgradePicker.studentVerify')}
          </button>
        </div>
      )}
      {list.length === 0 && <p>{t('billing.upgradePicker.empty')}</p>}
      <div className="upgrade-list">
        {list.map((item) => (
          <section key={item.membershipId} className="plan-card" data-testid={`upgrade-${item.membershipId}`}>
            <h4>{t(`billing.manage.plans.${item.membershipId}`)}</h4>
            <ul className="small muted">
              {item.colorDetails.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {item.discountAmount > 0 && (
              <p className="small muted">
                {t('billing.upgradePicker.credit', {
                  amount: upgradeAmount(
                    item.discountAmount,
                    item.decimalPlaces,
                    item.symbol,
                    currentLanguage(),
                  ),
                })}
              </p>
            )}
            <button
              type="button"
              className="button primary"
              disabled={busy}
              data-testid={`upgrade-pay-${item.membershipId}`}
              onClick={() =>
                billing.send({
                  type: 'UPGRADE.CHOOSE',
                  productId: item.productIds['0'] ?? Object.values(item.productIds)[0] ?? '',
                })
              }
            >
              {t('billing.upgradePicker.pay', {
                amount: upgradeAmount(item.remainAmount, item.decimalPlaces, item.symbol, currentLanguage()),
              })}
            </button>
          </section>
        ))}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => billing.send({ type: 'UPGRADE.CLOSE' })}>
          {t('billing.manage.back')}
        </button>
      </div>
    </>
  );
}
