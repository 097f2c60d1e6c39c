// The purchase (pricing) modal, 1360 wide: monthly/annual tabs, the discount banner, Pro and Unlimited cards
// with one price display, trial vs subscribe, and the provider chooser (400 wide) when several exist.
import { useSelector } from '@xstate/react';
import { RadioGroup, Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../common/contract';
import { currentLanguage } from '../../i18n';
import {
  annualPerMonth,
  annualSavingPercent,
  discountPercent,
  formatMoney,
  purchaseLabel,
} from '../../machines/billing/price';
import {
  pricingLoading,
  pricingOpen,
  pricingRedirecting,
  providerChooserOpen,
} from '../../machines/billing/selectors';
import { Modal } from '../kit/Modal';
import { TeamsCard } from './TeamsCard';
import { useBilling, usePricing } from './use-billing';

export function PricingModal() {
  const { t } = useTranslation();
  const billing = useBilling();
  const pricing = usePricing();
  const open = useSelector(pricing, pricingOpen);
  const loading = useSelector(pricing, pricingLoading);
  const redirecting = useSelector(pricing, pricingRedirecting);
  const list = useSelector(pricing, (s) => s.context.products);
  const discount = useSelector(pricing, (s) => s.context.discount);
  const prompt = useSelector(pricing, (s) => s.context.prompt);
  const period = useSelector(pricing, (s) => s.context.period);
  const products = (list?.productVOS ?? []).filter((p) => p.subscription === period);

  const cards = loading ? (
    <p className="muted">{t('billing.pricing.loading')}</p>
  ) : (
    <div className="pricing-cards">
      {products.map((product) => (
        <PlanCard
          key={`${product.membershipId}`}
          product={product}
          trialStatus={list?.trialStatus ?? 'none'}
          busy={redirecting}
          onBuy={(trial) => billing.send({ type: 'PRICING.BUY', product, trial })}
        />
      ))}
      <TeamsCard />
    </div>
  );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && billing.send({ type: 'PRICING.CLOSE' })}
      title={t('billing.pricing.title')}
      width={1360}
      className="pricing-modal"
      testId="pricing-modal"
    >
      {/* A prompt without words of its own (from the browser extension) says why it opened; none stays empty. */}
      {prompt && (prompt.message || prompt.source === 'PLUGIN') && (
        <Modal.Description className="banner" data-testid="pricing-prompt">
          {prompt.message || t('billing.pricing.fromExtension')}
        </Modal.Description>
      )}
      {discount && (
        <div
          className="banner pricing-discount"
          data-testid="discount-banner"
          style={discount.url ? { backgroundImage: `url(${discount.url})` } : undefined}
        >
          {t('billing.pricing.discount', {
            percent: discountPercent(period === 'year' ? discount.yearlyDiscount : discount.monthlyDiscount),
            desc: discount.desc,
          })}
        </div>
      )}
      <Tabs.Root
        value={period}
        onValueChange={(value) => billing.send({ type: 'PRICING.PERIOD', period: value as 'month' | 'year' })}
      >
        <Tabs.List className="pricing-tabs" aria-label={t('billing.pricing.title')}>
          <Tabs.Trigger value="month" data-testid="period-month">
            {t('billing.pricing.monthly')}
          </Tabs.Trigger>
          <Tabs.Trigger value="year" data-testid="period-year">
            {t('billing.pricing.annual')}{' '}
            <span className="badge">
              {t('billing.pricing.save', { percent: annualSavingPercent(discount) })}
            </span>
          </Tabs.Trigger>
        </Tabs.List>
        {/* Both panels exist (the tabs point at them); only the chosen period's holds the plans. */}
        {(['month', 'year'] as const).map((value) => (
          <Tabs.Content key={value} value={value} forceMount className="pricing-panel">
            {period === value && cards}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <div className="dialog-actions">
        <Modal.Close className="button" data-testid="pricing-close">
          {t('billing.pricing.close')}
        </Modal.Close>
      </div>
      <ProviderChooser />
    </Modal>
  );
}

function PlanCard(props: {
  product: Product;
  trialStatus: 'none' | 'Pro' | 'ProAndUnlimit';
  busy: boolean;
  onBuy: (trial: boolean) => void;
}) {
  const { t } = useTranslation();
  const { product } = props;
  const yearly = product.subscription === 'year';
  const label = purchaseLabel(product, props.trialStatus);
  const language = currentLanguage();
  const unlimited = product.membership.gpt3Quota < 0;
  return (
    <section className="plan-card" data-testid={`plan-${product.productType}-${product.subscription}`}>
      <h3>
        {product.productType === 'Unlimited' ? t('billing.pricing.unlimited') : t('billing.pricing.pro')}
      </h3>
      <p className="plan-price">
        <strong data-testid="plan-price">
          {yearly
            ? annualPerMonth(product.price, product.currency, language)
            : formatMoney(product.price, product.currency, language)}
        </strong>
        <span className="muted">{t('billing.pricing.perMonth')}</span>
      </p>
      <p className="muted small">
        {/* What twelve months would cost, struck through, beside the yearly price actually charged. */}
        {yearly && product.strikePrice !== null && product.strikePrice > product.price && (
          <>
            <s data-testid="plan-strike-price">
              {formatMoney(product.strikePrice, product.currency, language)}
            </s>{' '}
          </>
        )}
        {yearly
          ? t('billing.pricing.billedYearly', {
              total: formatMoney(product.price, product.currency, language),
            })
          : t('billing.pricing.billedMonthly')}
      </p>
      <p className="small">
        {unlimited
          ? t('billing.pricing.quotaUnlimited')
          : t('billing.pricing.quota', {
              gpt3: product.membership.gpt3Quota,
              gpt4: product.membership.gpt4Quota,
            })}
      </p>
      <button
        type="button"
        className="button primary"
        disabled={props.busy}
        data-testid={`buy-${product.productType}-${product.subscription}`}
        onClick={() => props.onBuy(label === 'trial')}
      >
        {label === 'trial' ? t('billing.pricing.trial') : t('billing.pricing.subscribe')}
      </button>
    </section>
  );
}

/** The choose-payment-provider modal (400 wide): only when more than one provider takes payments. */
function ProviderChooser() {
  const { t } = useTranslation();
  const billing = useBilling();
  const pricing = usePricing();
  const open = useSelector(pricing, providerChooserOpen);
  const providers = useSelector(pricing, (s) => s.context.providers);
  const [choice, setChoice] = useState<string>('');
  const selected = choice || String(providers[0]?.id ?? 0);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && billing.send({ type: 'CHOOSER.CLOSE' })}
      title={t('billing.chooser.title')}
      width={400}
      testId="provider-chooser"
      closeTestId="chooser-close"
    >
      <RadioGroup.Root value={selected} onValueChange={setChoice} className="provider-list">
        {providers.map((p) => (
          <div key={p.id} className="menu-item">
            <RadioGroup.Item id={`provider-${p.id}`} value={String(p.id)} data-testid={`provider-${p.id}`}>
              <RadioGroup.Indicator />
            </RadioGroup.Item>
            <label htmlFor={`provider-${p.id}`}>{p.name}</label>
          </div>
        ))}
      </RadioGroup.Root>
      <div className="dialog-actions">
        <Modal.Close className="button">{t('billing.chooser.cancel')}</Modal.Close>
        <button
          type="button"
          className="button primary"
          data-testid="chooser-confirm"
          onClick={() => billing.send({ type: 'CHOOSER.CONFIRM', provider: Number(selected) })}
        >
          {t('billing.chooser.confirm')}
        </button>
      </div>
    </Modal>
  );
}
