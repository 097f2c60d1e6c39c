// The sidebar's chat history as the best chat apps show it: filtered by a search over titles (from the
// device's cache, so it is instant and works offline) and grouped by the device's calendar days.

import { searchKey } from '../../../common/text';
import type { LocalChannel } from '../../local/schema';

export type HistoryGroup = 'today' | 'yesterday' | 'week' | 'month' | 'older';

const DAY = 86_400_000;

/** Midnight of the day `time` falls on, in the device's time zone. */
const startOfDay = (time: number) => {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
};

export function historyGroup(updatedAt: string, now: number): HistoryGroup {
  const time = Date.parse(updatedAt);
  if (Number.isNaN(time)) return 'older';
  const today = startOfDay(now);
  if (time >= today) return 'today'; // a clock ahead of the device's is still today
  // Days are counted by calendar (a daylight-saving day has 23 or 25 hours).
  const days = Math.round((today - startOfDay(time)) / DAY);
  if (days <= 1) return 'yesterday';
  if (days <= 7) return 'week';
  if (days <= 30) return 'month';
  return 'older';
}

/** Newest first in, groups in reading order out; empty groups are left out. */
export function groupHistory(
  channels: LocalChannel[],
  query: string,
  now: number,
  locale?: string,
): { group: HistoryGroup; channels: LocalChannel[] }[] {
  const needle = searchKey(query.trim(), locale);
  const groups = new Map<HistoryGroup, LocalChannel[]>();
  for (const channel of channels) {
    if (needle && !searchKey(channel.channelName, locale).includes(needle)) continue;
    const group = historyGroup(channel.updatedAt, now);
    const list = groups.get(group) ?? [];
    list.push(channel);
    groups.set(group, list);
  }
  const order: HistoryGroup[] = ['today', 'yesterday', 'week', 'month', 'older'];
  return order.flatMap((group) => {
    const list = groups.get(group);
    return list ? [{ group, channels: list }] : [];
  });
}
