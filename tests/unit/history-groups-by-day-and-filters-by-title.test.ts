import { describe, expect, it } from 'vitest';
import type { LocalChannel } from '../../src/local/schema';
import { groupHistory, historyGroup } from '../../src/ui/layout/history-groups';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const chat = (name: string, time: number): LocalChannel => ({
  channelId: name,
  channelName: name,
  model: 'Standard',
  channelType: 'CHAT',
  createdAt: new Date(time).toISOString(),
  updatedAt: new Date(time).toISOString(),
});

describe('history groups', () => {
  const now = at(2026, 11, 24, 9);
  it('counts calendar days on the device, not 24-hour spans', () => {
    expect(historyGroup(new Date(at(2026, 11, 24, 0)).toISOString(), now)).toBe('today');
    // Late last night is yesterday, although less than 24 hours ago.
    expect(historyGroup(new Date(at(2026, 11, 23, 23)).toISOString(), now)).toBe('yesterday');
    expect(historyGroup(new Date(at(2026, 11, 17, 10)).toISOString(), now)).toBe('week');
    expect(historyGroup(new Date(at(2026, 11, 1)).toISOString(), now)).toBe('month');
    expect(historyGroup(new Date(at(2026, 9, 1)).toISOString(), now)).toBe('older');
    expect(historyGroup('not a date', now)).toBe('older');
  });

  it('keeps the newest-first order inside groups, leaves empty groups out, and filters by title', () => {
    const list = [
      chat('Tides today', at(2026, 11, 24, 8)),
      chat('Moons today', at(2026, 11, 24, 7)),
      chat('Old tides', at(2026, 1, 2)),
    ];
    expect(groupHistory(list, '', now).map((g) => [g.group, g.channels.map((c) => c.channelName)])).toEqual([
      ['today', ['Tides today', 'Moons today']],
      ['older', ['Old tides']],
    ]);
    expect(groupHistory(list, '  TIDES ', now).flatMap((g) => g.channels.map((c) => c.channelName))).toEqual([
      'Tides today',
      'Old tides',
    ]);
    expect(groupHistory(list, 'comets', now)).toEqual([]);
  });

  it('finds Chinese titles, also when the input method types full-width letters and digits', () => {
    const list = [chat('PDF 总结：2026年计划', at(2026, 11, 24, 8)), chat('长城的历史', at(2026, 11, 24, 7))];
    const found = (query: string) =>
      groupHistory(list, query, now, 'zh').flatMap((g) => g.channels.map((c) => c.channelName));
    expect(found('长城')).toEqual(['长城的历史']);
    // ＰＤＦ and ２０２６ are what a Chinese input method in full-width mode types; they found nothing.
    expect(found('ｐｄｆ')).toEqual(['PDF 总结：2026年计划']);
    expect(found('２０２６年')).toEqual(['PDF 总结：2026年计划']);
    expect(found('故宫')).toEqual([]);
  });
});
