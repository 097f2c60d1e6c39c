// @vitest-environment jsdom
// The boot script (public/theme.js) draws a chat's stored answers before the app's code arrives: what it draws
// of an answer is the same HTML the app's Markdown then draws, and an answer with anything more (code blocks,
// tables, links, pictures, loose lists, HTML) is not drawn by it at all, so raw Markdown never shows. It reads
// the opened chat from the device's cache (the app's own Dexie database) in the app's order, and the server's
// answer then replaces it, or removes it.
import 'fake-indexeddb/auto';
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../common/contract';
import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
import { channelRepository } from '../../src/local/channels';
import { db } from '../../src/local/schema';
import { Markdown } from '../../src/ui/markdown/Markdown';

declare global {
  var drawBootChat: (detail: unknown) => void;
  var cachedChat: (channelId: string) => Promise<unknown>;
}

beforeAll(() => {
  // As the page runs it: a classic script, its functions global (at "/", so it asks the server for nothing).
  // biome-ignore lint/security/noGlobalEval: runs this repository's own public/theme.js, as a page's <script> does
  window.eval(fs.readFileSync(path.resolve(import.meta.dirname, '../../public/theme.js'), 'utf8'));
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const message = (role: 'user' | 'assistant', content: string, status = 'done') => ({
  role,
  content,
  status,
  error: null,
});

/** The answer's HTML as the boot script draws it, or null when it draws nothing. */
function bootHtml(answer: string, status = 'done'): string | null {
  document.body.innerHTML = '<div id="boot"><div class="boot-page"></div></div>';
  globalThis.drawBootChat({
    channel: { docEntries: null },
    messages: [message('user', 'What is a river delta?'), message('assistant', answer, status)],
  });
  return document.querySelector('#boot-chat .markdown')?.innerHTML ?? null;
}

/** The answer's HTML as the app's Markdown draws it, without the line breaks it leaves between blocks. */
function appHtml(answer: string): string {
  const { container } = render(<Markdown text={answer} />);
  return (container.querySelector('.markdown')?.innerHTML ?? '').replace(/>\n+</g, '><').trim();
}

const offlineAnswer = [
  '*Parley offline model: no AI provider is configured on this server, so this reply is computed locally.*',
  '',
  '**You wrote:**',
  '',
  '> What is a river delta?',
  '',
  '**Words:** 5. **Key terms:** delta, river.',
  '',
  'To get real AI answers, set `AI_BASE_URL` (any OpenAI-compatible endpoint) and restart Parley.',
].join('\n');

describe('the boot script draws an answer as Markdown does', () => {
  it.each([
    ['the offline model answer (quote, strong, emphasis, code)', offlineAnswer],
    [
      'a heading, a paragraph over two lines and a list',
      '## Deltas\n\nA delta forms where\na river meets the sea.\n\n- mud\n- **sand**\n- *silt*',
    ],
    ['an ordered list that starts at 3', '3. third\n4. fourth'],
    ['Arabic text', 'الدلتا أرض **منبسطة** عند مصب النهر.'],
  ])('%s', (_, answer) => {
    const boot = bootHtml(answer);
    expect(boot).not.toBeNull();
    expect(boot).toBe(appHtml(answer));
  });

  it.each([
    ['a code block', 'Run this:\n\n```sh\nnpm start\n```'],
    ['a table', '| a | b |\n| - | - |\n| 1 | 2 |'],
    ['a link', 'See [the docs](https://example.com).'],
    ['a picture', '![a delta](https://example.com/d.png)'],
    ['a loose list', '- one\n\n- two'],
    ['a nested list', '- one\n  - two'],
    ['HTML', 'A <b>bold</b> claim'],
    ['an underscore mark', 'a _soft_ word'],
    ['a hard break', 'one  \ntwo'],
  ])('and draws nothing for an answer with %s', (_, answer) => {
    expect(bootHtml(answer)).toBeNull();
    expect(document.getElementById('boot-chat')).toBeNull();
  });

  it('draws the Chinese offline answer with bold labels and no space after its full-width colons', () => {
    const answer = composeOfflineAnswer([{ role: 'user', content: '长城有多长？' }], 'zh');
    const { container } = render(<Markdown text={answer} />);
    // Chinese puts no space after `：`, and `**字数：**4` (bold closing after a full-width colon) is not bold
    // in Markdown: it would show its asterisks.
    expect(container.textContent).not.toContain('*');
    expect([...container.querySelectorAll('strong')].map((s) => s.textContent)).toEqual(
      expect.arrayContaining(['字数', '关键词']),
    );
    expect(container.textContent).toMatch(/字数：\d+。关键词：长城/);
    // The boot script may leave it to the app, but never draws it differently.
    expect([null, appHtml(answer)]).toContain(bootHtml(answer));
  });

  it('and draws nothing while an answer is still being written', () => {
    expect(bootHtml('A delta is', 'streaming')).toBeNull();
  });
});

describe('the boot script draws a chat from the device cache', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 12, minute)).toISOString();
  /** A question and its answer share one time; ids sort the answer first, as half the server's random ids do. */
  const pair = (channelId: string, n: number): ChatMessage[] => [
    {
      ...message('user', `Question ${n}?`),
      status: 'done',
      id: `${channelId}-z${n}`,
      channelId,
      model: 'standard',
      feedback: null,
      requestId: null,
      createdAt: at(n),
    },
    {
      ...message('assistant', `Answer **${n}**.`),
      status: 'done',
      id: `${channelId}-a${n}`,
      channelId,
      model: 'standard',
      feedback: null,
      requestId: `r${n}`,
      createdAt: at(n),
    },
  ];
  const channel = (channelId: string, channelType: 'CHAT' | 'DOC' = 'CHAT') => ({
    channelId,
    channelName: `Chat ${channelId}`,
    model: 'standard',
    channelType,
    createdAt: at(0),
    updatedAt: at(30),
  });
  const boot = () => {
    document.body.innerHTML = '<div id="boot"><div class="boot-page"></div></div>';
  };
  const drawn = () =>
    [...document.querySelectorAll('#boot-chat .message-row')].map((row) => (row.textContent ?? '').trim());

  it('draws nothing and makes no database on a device that has none', async () => {
    expect(await globalThis.cachedChat('ch-none')).toBeNull();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('parley');
  });

  it('shows the last twelve messages, each answer under its question, as the app reads them', async () => {
    const repo = channelRepository(db);
    await repo.upsertChannel(channel('ch-cached'));
    await repo.putMessages(Array.from({ length: 10 }, (_, n) => pair('ch-cached', n + 1)).flat());
    await repo.putMessages(pair('ch-other', 20));
    boot();
    globalThis.drawBootChat(await globalThis.cachedChat('ch-cached'));
    const app = (await repo.messages('ch-cached')).slice(-12).map((m) => m.content.replace(/\*\*/g, ''));
    expect(drawn()).toEqual(app);
    expect(drawn()[0]).toBe('Question 5?');
    expect(drawn().at(-1)).toBe('Answer 10.');
    // More above than is drawn: the boot shell starts at the end, as the app does.
    expect(document.getElementById('boot-chat')?.classList.contains('boot-chat-end')).toBe(true);
  });

  it("and the app's last twelve when a question and its answer straddle the thirteenth newest", async () => {
    const repo = channelRepository(db);
    await repo.upsertChannel(channel('ch-odd'));
    // A question still unanswered last: the pairs before it are read one message off their boundaries.
    await repo.putMessages(Array.from({ length: 10 }, (_, n) => pair('ch-odd', n + 1)).flat());
    await repo.putMessages([{ ...pair('ch-odd', 11)[0], content: 'Question 11?' }]);
    boot();
    globalThis.drawBootChat(await globalThis.cachedChat('ch-odd'));
    const app = (await repo.messages('ch-odd')).slice(-12).map((m) => m.content.replace(/\*\*/g, ''));
    expect(drawn()).toEqual(app);
    expect(drawn()[0]).toBe('Answer 5.');
  });

  it('leaves document chats and chats it does not hold to the app', async () => {
    const repo = channelRepository(db);
    await repo.upsertChannel(channel('ch-doc', 'DOC'));
    await repo.putMessages(pair('ch-doc', 1));
    expect(await globalThis.cachedChat('ch-doc')).toBeNull();
    expect(await globalThis.cachedChat('ch-unknown')).toBeNull();
  });

  it("and the server's answer replaces it, or removes it", async () => {
    boot();
    globalThis.drawBootChat(await globalThis.cachedChat('ch-cached'));
    expect(drawn()).toHaveLength(12);
    globalThis.drawBootChat({
      channel: { docEntries: null },
      messages: [message('user', 'Newer?'), message('assistant', 'Newer.')],
    });
    expect(drawn()).toEqual(['Newer?', 'Newer.']);
    expect(document.querySelectorAll('#boot-chat')).toHaveLength(1);
    globalThis.drawBootChat(null);
    expect(document.getElementById('boot-chat')).toBeNull();
    expect(document.documentElement.hasAttribute('data-boot-chat')).toBe(false);
  });
});
