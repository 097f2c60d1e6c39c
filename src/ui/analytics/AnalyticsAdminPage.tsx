// The operator page (/admin/analytics): events per day and name for members listed in ADMIN_EMAILS.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnalyticsDaily, AnalyticsPaths } from '../../../common/contract';
import { ApiError, request } from '../../api/http';
import { useAuthState } from '../app/root-context';
import './analytics.css';

type Load = { state: 'loading' } | { state: 'ready'; data: AnalyticsDaily } | { state: 'denied' | 'failed' };

export function AnalyticsAdminPage() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const [days, setDays] = useState(30);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const { ready, status } = auth;
  useEffect(() => {
    // Asked again when the login changes (a guest who logs in as an operator).
    if (!ready || !status) return;
    let live = true;
    setLoad({ state: 'loading' });
    request<AnalyticsDaily>('GET', AnalyticsPaths.daily, { query: { days }, suppressAlert: true })
      .then((data) => live && setLoad({ state: 'ready', data }))
      .catch((error) => {
        if (!live) return;
        const denied = error instanceof ApiError && (error.httpStatus === 403 || error.httpStatus === 401);
        setLoad({ state: denied ? 'denied' : 'failed' });
      });
    return () => {
      live = false;
    };
  }, [days, ready, status]);

  const totals = new Map<string, number>();
  if (load.state === 'ready')
    for (const row of load.data.rows) totals.set(row.day, (totals.get(row.day) ?? 0) + row.count);

  return (
    <div className="analytics-admin" data-testid="analytics-admin">
      <h1>{t('analytics.title')}</h1>
      <label className="small">
        {t('analytics.period')}{' '}
        <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {[7, 30, 90].map((n) => (
            <option key={n} value={n}>
              {t('analytics.days', { count: n })}
            </option>
          ))}
        </select>
      </label>
      {load.state === 'loading' && <p className="muted">{t('analytics.loading')}</p>}
      {load.state === 'denied' && (
        <p className="error-text" role="alert" data-testid="analytics-denied">
          {t('analytics.denied')}
        </p>
      )}
      {load.state === 'failed' && <p className="error-text">{t('analytics.failed')}</p>}
      {load.state === 'ready' && load.data.rows.length === 0 && (
        <p className="muted">{t('analytics.empty')}</p>
      )}
      {load.state === 'ready' && load.data.rows.length > 0 && (
        <table className="analytics-table" data-testid="analytics-table">
          <thead>
            <tr>
              <th>{t('analytics.day')}</th>
              <th>{t('analytics.event')}</th>
              <th>{t('analytics.count')}</th>
              <th>{t('analytics.sessions')}</th>
            </tr>
          </thead>
          <tbody>
            {load.data.rows.map((row, index) => (
              <tr
                key={`${row.day}-${row.name}`}
                data-testid="analytics-row"
                data-event={row.name}
                data-day={row.day}
              >
                <td>{index === 0 || load.data.rows[index - 1].day !== row.day ? row.day : ''}</td>
                <td>{row.name}</td>
                <td data-testid="analytics-count">{row.count}</td>
                <td>{row.sessions}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {[...totals].map(([day, total]) => (
              <tr key={day}>
                <td>{day}</td>
                <td>{t('analytics.total')}</td>
                <td>{total}</td>
                <td />
              </tr>
            ))}
          </tfoot>
        </table>
      )}
    </div>
  );
}
