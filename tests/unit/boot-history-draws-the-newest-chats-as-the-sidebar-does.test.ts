// @vitest-environment jsdom
// The boot script (public/theme.js) draws the desktop sidebar's newest history rows from the device's cache before
// the app's code arrives: the same chats in the same order under the same day headings as the app's history
// (channels.newest, groupHistory), titles as text never markup, the opened chat's row marked, at the place the
// app kept for this language and pointer; nothing without that place or in another language.
import 'fake-indexeddb/auto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelRepository } from '../../src/local/channels';
import { db } from '../../src/local/schema';
import { groupHistory } from '../../src/ui/layout/history-groups';

declare global {
  var bootHistory: (language: string, opened: string | null) => Promise<unknown>;
}

const GROUPS = {
  today: 'Today',
  yesterday: 'Yesterday',
  week: 'Previous 7 days',
  month: 'Previous 30 days',
  older: 'Older',
};
const DAY = 86_400_000;

beforeAll(async () => {
  // A mouse: the place kept for it is the one read.
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as typeof window.matchMedia;
  // biome-ignore lint/security/noGlobalEval: runs this repository's own public/theme.js, as a page's <script> does
  window.eval(fs.readFileSync(path.resolve(import.meta.dirname, '../../public/theme.js'), 'utf8'));
  const repo = channelRepository(db);
  const now = Date.now();
  // 60 chats over 90 days, three of them at one time (their ids then order them), one titled with markup.
  for (let c = 0; c < 60; c++)
    await repo.upsertChannel({
      channelId: `ch-${String(c).padStart(2, '0')}`,
      channelName: c === 1 ? '<img src=x onerror="alert(1)"> bold' : `Chat ${c}`,
      model: 'standard',
      channelType: c % 5 === 0 ? 'DOC' : 'CHAT',
      createdAt: new Date(now - 90 * DAY).toISOString(),
      updatedAt: new Date(now - (c >= 10 && c < 13 ? 10 : c) * 1.5 * DAY).toISOString(),
    });
});
beforeEach(() => {
  document.body.innerHTML = '<div id="boot"><div class="sidebar boot-sidebar"></div></div>';
  localStorage.setItem(
    'parley.bootHistory.mouse',
    JSON.stringify({ lang: 'en', top: 459, bottom: 110, groups: GROUPS }),
  );
});

const drawn = () =>
  [...document.querySelectorAll('#boot-history :is(.history-group-title, .history-link)')].map(
    (node) => node.textContent,
  );

describe('the boot script draws the history from the device cache', () => {
  it('as the app draws it: its newest 40 chats, in its order, under its day headings', async () => {
    await globalThis.bootHistory('en', 'ch-03');
    const newest = await channelRepository(db).newest(40);
    const app = groupHistory(newest, '', Date.now()).flatMap((group) => [
      GROUPS[group.group],
      ...group.channels.map((channel) => channel.channelName),
    ]);
    expect(drawn()).toEqual(app);
    expect(drawn().slice(0, 2)).toEqual(['Today', 'Chat 0']);
    expect(drawn()).toContain('<img src=x onerror="alert(1)"> bold');
    // The user's title is text: no element is made from it.
    expect(document.querySelector('#boot-history img')).toBeNull();
    expect(document.querySelectorAll('#boot-history .history-item.active')).toHaveLength(1);
    expect(document.querySelector('#boot-history .active .history-link')?.textContent).toBe('Chat 3');
    const box = document.getElementById('boot-history');
    expect([box?.style.top, box?.style.bottom]).toEqual(['459px', '110px']);
  });

  it('and nothing in another language, or without the place the app kept', async () => {
    await globalThis.bootHistory('ar', null);
    expect(document.getElementById('boot-history')).toBeNull();
    localStorage.removeItem('parley.bootHistory.mouse');
    await globalThis.bootHistory('en', null);
    expect(document.getElementById('boot-history')).toBeNull();
  });
});
