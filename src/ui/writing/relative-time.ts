/** The document time: today as HH:mm, the same year as MMM DD, otherwise MMM DD, YYYY. */
export function formatDocTime(iso: string, now: Date = new Date(), locale = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  if (sameDay) return formatter(locale, 'time').format(date);
  return formatter(locale, date.getFullYear() === now.getFullYear() ? 'day' : 'date').format(date);
}

const FORMATS: Record<'time' | 'day' | 'date', Intl.DateTimeFormatOptions> = {
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { month: 'short', day: '2-digit' },
  date: { month: 'short', day: '2-digit', year: 'numeric' },
};
// Made once per language and form: the document list formats every row's time again after each save.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, form: keyof typeof FORMATS) {
  const key = `${locale} ${form}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, FORMATS[form]);
    formatters.set(key, made);
  }
  return made;
}
