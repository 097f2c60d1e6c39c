// Everything billing puts on top of the shell: the pricing and billing modals, the free-trial success
// modal, the success animation, and the pay-return handling (then the parameters leave the URL).
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { currentLanguage } from '../../i18n';
import { annualPerMonth } from '../../machines/billing/price';
import { showUpgradeButton } from '../../machines/billing/rules';
import { managerStep, pricingOpen, trialSuccessOpen } from '../../machines/billing/selectors';
import { trackPaymentCancel } from '../analytics/app-events';
import { useSearch } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { useAuthState } from '../app/root-context';
import { dialogCode, LazyDialog } from '../kit/lazy-dialog';
import { Modal } from '../kit/Modal';
import { BillingNotices } from './BillingNotices';
import { useBilling, useManager, usePricing } from './use-billing';
import './billing.css';

const RETURN_PARAMS = [
  'stripeStatus',
  'stripeSubType',
  'productType',
  'productYearPrice',
  'fscNext',
  'from',
  'confirmId',
  'payFrom',
];
/** What PayPal adds to the return address after an approval; removed with the other pay-return parameters. */
const PROVIDER_EXTRAS = ['subscription_id', 'ba_token', 'token'];

// The pricing and billing modals (with their steps, Radix RadioGroup and Tabs) come when first opened.
const pricingModal = dialogCode(() => import('./PricingModal').then((m) => m.PricingModal));
const billingModal = dialogCode(() => import('./manager/BillingModal').then((m) => m.BillingModal));

export function BillingLayer() {
  const billing = useBilling();
  const pricingActive = useSelector(usePricing(), pricingOpen);
  const manager = useManager();
  // Fetched as soon as the billing details start loading, so the code and the details come together.
  const managerActive = useSelector(manager, (s) => s.matches('loading') || managerStep(s) !== null);
  return (
    <>
      <BillingNotices />
      <PayReturn />
      <LazyDialog
        code={pricingModal}
        active={pricingActive}
        onDismiss={() => billing.send({ type: 'PRICING.CLOSE' })}
        props={{}}
      />
      <LazyDialog
        code={billingModal}
        active={managerActive}
        onDismiss={() => manager.send({ type: 'BILLING.CLOSE' })}
        props={{}}
      />
      <TrialSuccessModal />
      <Celebration />
    </>
  );
}

/** Reads the pay-return parameters once, acts on them, then removes them from the URL. */
function PayReturn() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const to = useLangPath();
  const billing = useBilling();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!RETURN_PARAMS.some((p) => params.has(p)) || handled.current === search) return;
    handled.current = search;
    const status = params.get('stripeStatus');
    // The parameters only say the browser came back: the server says whether anything was paid.
    if (status === 'success' || params.has('fscNext')) {
      billing.send({ type: 'RETURN.PAID' });
    } else if (status === 'cancel') {
      billing.send({ type: 'RETURN.CANCELLED' });
      trackPaymentCancel(params.get('stripeSubType'));
    }
    const confirmId = params.get('confirmId');
    if (params.get('from') === 'paymentConfirm' && confirmId)
      billing.send({ type: 'RETURN.CONFIRM', confirmId });
    if (params.has('payFrom'))
      billing.send({ type: 'PAY.OPEN', prompt: { message: '', source: 'PLUGIN', shortMessage: '' } });
    for (const p of [...RETURN_PARAMS, ...PROVIDER_EXTRAS]) params.delete(p);
    const rest = params.toString();
    navigate(`${to('/')}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [search, billing, navigate, to]);
  return null;
}

function TrialSuccessModal() {
  const { t } = useTranslation();
  const billing = useBilling();
  const pricing = usePricing();
  const open = useSelector(pricing, trialSuccessOpen);
  const products = useSelector(pricing, (s) => s.context.products);
  const yearly = products?.productVOS.find((p) => p.productType === 'Pro' && p.subscription === 'year');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && billing.send({ type: 'TRIAL_SUCCESS.CLOSE' })}
      title={t('billing.trialSuccess.title')}
      width={400}
      testId="trial-success"
      closeButton={false}
    >
      <Modal.Description>
        {t('billing.trialSuccess.body', {
          price: yearly
            ? `${annualPerMonth(yearly.price, yearly.currency, currentLanguage())}${t('billing.pricing.perMonth')}`
            : '',
        })}
      </Modal.Description>
      <div className="dialog-actions">
        <Modal.Close className="button primary">{t('billing.trialSuccess.close')}</Modal.Close>
      </div>
    </Modal>
  );
}

/** A short success animation after a payment returns. */
function Celebration() {
  const { t } = useTranslation();
  const count = useSelector(usePricing(), (s) => s.context.celebrations);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (count === 0) return;
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), 3000);
    return () => clearTimeout(timer);
  }, [count]);
  if (!visible) return null;
  return (
    <div className="celebration" role="status" data-testid="pay-success-animation">
      <span aria-hidden="true">🎉</span> {t('billing.celebrate')}
    </div>
  );
}

/** The sidebar's upgrade button (its visibility rule); pro users asked to pay get the billing manager. */
export function UpgradeButton({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { user, ready } = useAuthState();
  const billing = useBilling();
  const discount = useSelector(billing, (s) => s.context.discount);
  if (!ready || !showUpgradeButton(user, discount)) return null;
  return (
    <button
      type="button"
      className="button primary upgrade-button"
      data-testid="upgrade-button"
      onClick={() => billing.send({ type: 'PAY.OPEN' })}
    >
      {collapsed ? '↑' : t('billing.upgradeButton')}
    </button>
  );
}
