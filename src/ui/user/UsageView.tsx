// The usage dialog of the user menu: this period's counters against the plan's limits. Its code and English come
// when it is first opened (UserMenu's dialogCode), not with the home page.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Usage } from '../../../common/contract';
import { userApi } from '../../api/user';
import { Modal } from '../kit/Modal';
import './settings-strings';
import '../auth/auth.css';

export function UsageModal({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('menu.usage')} width={440} testId="usage-dialog">
      <UsageView />
    </Modal>
  );
}

/** Free users see usage per day, paid users per month, unlimited users a message instead of bars. */
export function UsageView() {
  const { t } = useTranslation();
  const [usage, setUsage] = useState<Usage | null>(null);
  useEffect(() => {
    userApi.usage().then(setUsage, () => setUsage(null));
  }, []);
  if (!usage) return <p className="muted">…</p>;
  if (usage.period === 'unlimited')
    return <p data-testid="usage-unlimited">{t('settings.usage.unlimited')}</p>;
  const row = (label: string, used: number, total: number) => {
    // A limit of 0 is a counter the plan does not have (the free plan's advanced models), and -1 is no limit:
    // neither is a share of anything, so neither draws a bar (0 of 0 drew a full one). Arabic says "0 من 30":
    // a bare "0 / 30" is laid out right to left as "30 / 0".
    const amount =
      total === 0
        ? t('settings.usage.notIncluded')
        : total < 0
          ? t('settings.usage.usedNoLimit', { used })
          : t('settings.usage.usedOf', { used, total });
    return (
      <div className={total > 0 ? 'usage-row' : 'usage-row no-bar'} key={label} data-testid="usage-row">
        <div className="usage-label">
          <span>{label}</span>
          <span className="muted small">{amount}</span>
        </div>
        {total > 0 && (
          <div
            className="usage-bar"
            role="progressbar"
            aria-valuenow={used}
            aria-valuemax={total}
            aria-label={label}
          >
            <div style={{ width: `${Math.min(100, (used / total) * 100)}%` }} />
          </div>
        )}
      </div>
    );
  };
  return (
    <div data-testid="usage-view">
      <p className="muted small">
        {usage.period === 'day' ? t('settings.usage.perDay') : t('settings.usage.perMonth')}
      </p>
      {row(t('settings.usage.standard'), usage.gpt3.used, usage.gpt3.total)}
      {row(t('settings.usage.advanced'), usage.gpt4.used, usage.gpt4.total)}
      {row(t('settings.usage.uploads'), usage.uploads.used, usage.uploads.total)}
      {row(t('settings.usage.pages'), usage.pages.used, usage.pages.total)}
      <p className="muted small">{t('settings.usage.docHint', { count: usage.docUploadLimitHint })}</p>
    </div>
  );
}
