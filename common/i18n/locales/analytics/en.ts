// Analytics for operators — English.
// Each language has its own module (ar.ts, zh.ts, es.ts beside this one, typed against these keys) so the
// first download carries only English.
export const analyticsEn = {
  title: 'Analytics',
  period: 'Period',
  days_one: 'Last {{count}} day',
  days_other: 'Last {{count}} days',
  loading: 'Loading…',
  denied: 'This page is for operators of this server.',
  failed: 'The counts could not be loaded. Please try again.',
  empty: 'No events in this period.',
  day: 'Day',
  event: 'Event',
  count: 'Count',
  sessions: 'Sessions',
  total: 'All events',
};
