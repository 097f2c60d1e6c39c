import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Usage } from '../../../common/contract';
import { userApi } from '../../api/user';
import '../auth/auth.css';

/** Free users see usage per day, paid users per month, unlimited users a message instead of bars. */
export function UsageView() {
  const { t } = useTranslation();
  const [usage, setUsage] = useState<Usage | null>(null);
  useEffect(() => {
    userApi.usage().then(setUsage, () => setUsage(null));
  }, []);
  if (!usage) return <p className="muted">…</p>;
  if (usage.period === 'unlimited') return <p data-testid="usage-unlimited">{t('usage.unlimited')}</p>;
  const bar = (label: string, used: number, total: number) => (
    <div className="usage-row" key={label}>
      <div className="usage-label">
        <span>{label}</span>
        <span className="muted small">
          {used} / {total}
        </span>
      </div>
      <div
        className="usage-bar"
        role="progressbar"
        aria-valuenow={used}
        aria-valuemax={total}
        aria-label={label}
      >
        <div style={{ width: `${total > 0 ? Math.min(100, (used / total) * 100) : 100}%` }} />
      </div>
    </div>
  );
  return (
    <div data-testid="usage-view">
      <p className="muted small">{usage.period === 'day' ? t('usage.perDay') : t('usage.perMonth')}</p>
      {bar(t('usage.standard'), usage.gpt3.used, usage.gpt3.total)}
      {bar(t('usage.advanced'), usage.gpt4.used, usage.gpt4.total)}
      {bar(t('usage.uploads'), usage.uploads.used, usage.uploads.total)}
      {bar(t('usage.pages'), usage.pages.used, usage.pages.total)}
      <p className="muted small">{t('usage.docHint', { count: usage.docUploadLimitHint })}</p>
    </div>
  );
}
