// Analytics for operators — Arabic.
import type { Localized } from '../localized';
import type { analyticsEn } from './en';

export const analyticsAr: Localized<typeof analyticsEn> = {
  title: 'التحليلات',
  period: 'الفترة',
  days_zero: 'آخر {{count}} يوم',
  days_one: 'آخر يوم',
  days_two: 'آخر يومين',
  days_few: 'آخر {{count}} أيام',
  days_many: 'آخر {{count}} يومًا',
  days_other: 'آخر {{count}} يوم',
  loading: 'جارٍ التحميل…',
  denied: 'هذه الصفحة مخصصة لمشغلي هذا الخادم.',
  failed: 'تعذر تحميل الأعداد. يرجى المحاولة مرة أخرى.',
  empty: 'لا توجد أحداث في هذه الفترة.',
  day: 'اليوم',
  event: 'الحدث',
  count: 'العدد',
  sessions: 'الجلسات',
  total: 'كل الأحداث',
};
