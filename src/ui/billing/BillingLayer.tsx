// Everything billing puts on top of the shell: the pricing and billing modals, the free-trial success
// modal, the success animation, and the pay-return handling (then the parameters leave the URL).
import { useSelector } from '@xstate/react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { currentLanguage } from '../../i18n';
import { trackPaymentCancel } from '../analytics/app-events';
import { useLangPath } from '../app/paths';
import { useAuthState, useRootSelector } from '../app/root-context';
import { BillingModal } from './BillingModal';
import { PricingModal } from './PricingModal';
import { annualPerMonth, showUpgradeButton } from './price-display';
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
/** What PayPal adds to the return address after an approval; removed with the spec's parameters. */
const PROVIDER_EXTRAS = ['subscription_id', 'ba_token', 'token'];

export function BillingLayer() {
  return (
    <>
      <PayReturn />
      <PricingModal />
      <BillingModal />
      <TrialSuccessModal />
      <Celebration />
    </>
  );
}

/** Reads the spec's pay-return parameters once, acts on them, then removes them from the URL. */
function PayReturn() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const to = useLangPath();
  const billing = useRootSelector((s) => s.context.billing);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!RETURN_PARAMS.some((p) => params.has(p)) || handled.current === location.search) return;
    handled.current = location.search;
    const status = params.get('stripeStatus');
    // The parameters only say the browser came back: the server says whether anything was paid.
    if (status === 'success' || params.has('fscNext')) {
      billing.send({ type: 'RETURN.PAID' });
    } else if (status === 'cancel') {
      billing.send({ type: 'RETURN.CANCELLED' });
      trackPaymentCancel(params.get('stripeSubType'));
      toast.info(t('billing.payCancelled'));
    }
    const confirmId = params.get('confirmId');
    if (params.get('from') === 'paymentConfirm' && confirmId)
      billing.send({ type: 'RETURN.CONFIRM', confirmId });
    if (params.has('payFrom'))
      billing.send({ type: 'PAY.OPEN', prompt: { message: '', source: 'PLUGIN', shortMessage: '' } });
    for (const p of [...RETURN_PARAMS, ...PROVIDER_EXTRAS]) params.delete(p);
    const rest = params.toString();
    navigate(`${to('/')}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [location.search, billing, navigate, to, t]);
  return null;
}

function TrialSuccessModal() {
  const { t } = useTranslation();
  const billing = useRootSelector((s) => s.context.billing);
  const open = useSelector(billing, (s) => s.matches({ pricing: 'trialSuccess' }));
  const products = useSelector(billing, (s) => s.context.products);
  const yearly = products?.productVOS.find((p) => p.productType === 'Pro' && p.subscription === 'year');
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && billing.send({ type: 'TRIAL_SUCCESS.CLOSE' })}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" style={{ width: 400 }} data-testid="trial-success">
          <Dialog.Title>{t('billing.trialSuccess.title')}</Dialog.Title>
          <Dialog.Description>
            {t('billing.trialSuccess.body', {
              price: yearly
                ? `${annualPerMonth(yearly.price, yearly.currency, currentLanguage())}${t('billing.pricing.perMonth')}`
                : '',
            })}
          </Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close className="button primary">{t('billing.trialSuccess.close')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A short success animation after a payment returns. */
function Celebration() {
  const { t } = useTranslation();
  const billing = useRootSelector((s) => s.context.billing);
  const count = useSelector(billing, (s) => s.context.celebrations);
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

/** The sidebar's upgrade button (the spec's visibility rule); pro users asked to pay get the billing manager. */
export function UpgradeButton({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { user, ready } = useAuthState();
  const billing = useRootSelector((s) => s.context.billing);
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
