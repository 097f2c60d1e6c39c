// The pricing modal's Teams card (teams experiment only): a per-seat pitch and a way to reach sales,
// because team plans are sold by the operator, not checked out here.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { teamsContactHref } from '../../machines/billing/rules';
import { usePricing } from './use-billing';

export function TeamsCard() {
  const { t } = useTranslation();
  const pricing = usePricing();
  const variant = useSelector(pricing, (s) => s.context.experiments.teams);
  const contact = useSelector(pricing, (s) => s.context.products?.teamsContact ?? null);
  const href = teamsContactHref(variant, contact, t('billing.teams.mailSubject'));
  if (!href) return null;
  const page = href.startsWith('http');
  return (
    <section className="plan-card teams-card" data-testid="plan-teams">
      <h3>{t('billing.teams.title')}</h3>
      <p>
        <strong>{t('billing.teams.price')}</strong>
      </p>
      <p className="muted small">{t('billing.teams.pitch')}</p>
      <ul className="small">
        <li>{t('billing.teams.feature1')}</li>
        <li>{t('billing.teams.feature2')}</li>
        <li>{t('billing.teams.feature3')}</li>
      </ul>
      <a
        className="button primary"
        href={href}
        data-testid="teams-contact"
        {...(page ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {t('billing.teams.contact')}
      </a>
    </section>
  );
}
