import os from 'node:os';
import type { Route } from 'playwright-core';
import { openAppInBrowser } from './app-in-browser';

const CHATS = 2_000;
const MESSAGES_PER_CHAT = 50;
const OPENS = 20;
const GOAL_MS = 150;
/** Ends the newest chat's last answer, so the page can tell that answer is on screen. */
const LAST_TEXT = 'the end of the newest chat';

/** Nearest rank: with 20 opens, p95 is the second slowest. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Runs in the page before the app: notes when each awaited element enters the document and its next frame. */
function watchFirstPaints(lastText: string) {
  const w = window as unknown as { __marks: Record<string, number> };
  w.__marks = {};
  const lastMessageShown = () =>
    [...document.querySelectorAll('[data-testid="message-assistant"]')].some((m) =>
      m.textContent?.includes(lastText),
    );
  // The boot shell's drawing of the chat (public/theme.js, from the device's cache while the server is held)
  // counts when the last answer's words are there and on screen: text a person can read, not a placeholder.
  const bootChatShown = () =>
    [...document.querySelectorAll('#boot-chat .markdown')].some((m) => {
      const box = m.getBoundingClientRect();
      return m.textContent?.includes(lastText) && box.bottom > 0 && box.top < window.innerHeight;
    });
  // The boot shell's history rows (public/theme.js, from the device's cache) count when a row's title is there and
  // on screen, as the app's own rows do.
  const bootSidebarShown = () =>
    [...document.querySelectorAll('#boot-history .history-link')].some((row) => {
      const box = row.getBoundingClientRect();
      return !!row.textContent && box.bottom > 0 && box.top < window.innerHeight;
    });
  const watched: [string, () => boolean][] = [
    // index.html's boot shell (painted before the app's JavaScript arrives), then the app's own frame.
    ['boot', () => document.getElementById('boot') !== null],
    ['shell', () => document.querySelector('.shell:not(#boot)') !== null],
    // The app's own history rows.
    ['sidebar', () => document.querySelector('[data-testid="history-item"]') !== null],
    ['bootSidebar', bootSidebarShown],
    ['bootChat', bootChatShown],
    ['chat', lastMessageShown],
  ];
  const channel = new MessageChannel();
  // A task queued from the next animation frame runs once that frame has been produced.
  channel.port1.onmessage = (event) => {
    w.__marks[`${event.data}Painted`] = performance.now();
  };
  const check = () => {
    for (const [name, shown] of watched) {
      if (w.__marks[name] !== undefined || !shown()) continue;
      w.__marks[name] = performance.now();
      requestAnimationFrame(() => channel.port2.postMessage(name));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

export async function benchCacheOpen() {
  const { server, browser, close } = await openAppInBrowser('cache');
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    // tsx names the functions it compiles with a helper (__name) the page does not have.
    await context.addInitScript('window.__name = (f) => f');
    const page = await context.newPage();
    // The app's first sync replaces the cached chat list with the server's (empty) one: it must be over before
    // the chats are written, or it deletes them (about one run in four stopped at its first open with no chats).
    const listed = page.waitForResponse((response) => response.url().includes('/api/v1/chat/myChannelList'));
    await page.goto(`${server.url}/`);
    await page.getByTestId('auth-state').waitFor();
    await listed;
    // Every API answer is held from here (the server knows none of these chats, and its empty list would clear
    // them); those of a measured open are dropped after it.
    const held: Route[] = [];
    await context.route('**/api/**', (route) => {
      held.push(route);
    });
    await page.waitForTimeout(500);
    // The app has opened its database (its own Dexie schema); fill it in one transaction.
    const seeded = await page.evaluate(
      async ({ chats, perChat, lastText }) => {
        const open = indexedDB.open('parley');
        const idb = await new Promise<IDBDatabase>((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const started = performance.now();
        const tx = idb.transaction(['channels', 'messages'], 'readwrite');
        const channelStore = tx.objectStore('channels');
        const messageStore = tx.objectStore('messages');
        // One chat an hour back from now, the newest last; messages a minute apart inside each chat.
        const now = Date.now();
        const words =
          'the river runs past the old mill and the garden keeps its roses through a long summer evening'.split(
            ' ',
          );
        const sentence = (seed: number, length: number) =>
          Array.from({ length }, (_, k) => words[(seed + k * 7) % words.length]).join(' ');
        for (let c = 0; c < chats; c++) {
          const channelId = `bench-chat-${String(c).padStart(5, '0')}`;
          const start = now - (chats - c) * 3_600_000;
          const updatedAt = new Date(start + perChat * 60_000).toISOString();
          channelStore.put({
            channelId,
            channelName: `Chat ${c}: ${sentence(c, 5)}`,
            model: 'standard',
            channelType: 'CHAT',
            createdAt: new Date(start).toISOString(),
            updatedAt,
          });
          for (let m = 0; m < perChat; m++) {
            const user = m % 2 === 0;
            messageStore.put({
              id: `${channelId}-m${String(m).padStart(3, '0')}`,
              channelId,
              role: user ? 'user' : 'assistant',
              content: user
                ? `${sentence(m, 12)}?`
                : `${sentence(m + c, 60)}.\n\n${sentence(m * 3, 40)}.${c === chats - 1 && m === perChat - 1 ? ` ${lastText}` : ''}`,
              model: 'standard',
              status: 'done',
              error: null,
              feedback: null,
              requestId: user ? null : `${channelId}-r${m}`,
              createdAt: new Date(start + m * 60_000).toISOString(),
            });
          }
        }
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        const count = await new Promise<number>((resolve) => {
          const request = idb.transaction('messages').objectStore('messages').count();
          request.onsuccess = () => resolve(request.result);
        });
        idb.close();
        return { ms: performance.now() - started, messages: count };
      },
      { chats: CHATS, perChat: MESSAGES_PER_CHAT, lastText: LAST_TEXT },
    );
    const newest = `bench-chat-${String(CHATS - 1).padStart(5, '0')}`;
    await context.addInitScript(watchFirstPaints, LAST_TEXT);

    for (const route of held.splice(0)) await route.abort().catch(() => {});
    const rows: {
      boot: number;
      shell: number;
      sidebar: number;
      chat: number;
      sidebarFromBoot: number;
      /** History rows on screen from the boot shell on: the boot shell's or the app's, whichever first. */
      sidebarSeenFromBoot: number;
      /** Opens where the boot shell drew history rows before the app did. */
      bootDrewSidebar: boolean;
      chatFromBoot: number;
      /** The last answer readable from the boot shell on: the boot shell's drawing or the app's, whichever first. */
      chatSeenFromBoot: number;
      /** Opens where the boot shell drew the chat before the app did. */
      bootDrew: boolean;
      historyRows: number;
    }[] = [];
    for (let i = 0; i < OPENS + 1; i++) {
      await page.goto(`${server.url}/chat/${newest}`);
      await page
        .waitForFunction(
          () => {
            const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
            return marks.bootPainted && marks.shellPainted && marks.sidebarPainted && marks.chatPainted;
          },
          undefined,
          { timeout: 30_000 },
        )
        .catch(async (error) => {
          const seen = await page.evaluate(() => ({
            marks: (window as unknown as { __marks: Record<string, number> }).__marks,
            testIds: [...document.querySelectorAll('[data-testid]')].map((e) =>
              e.getAttribute('data-testid'),
            ),
          }));
          throw new Error(`open ${i}: not everything was shown: ${JSON.stringify(seen)}`, { cause: error });
        });
      const marks = await page.evaluate(
        () => (window as unknown as { __marks: Record<string, number> }).__marks,
      );
      const historyRows = await page.getByTestId('history-item').count();
      for (const route of held.splice(0)) await route.abort().catch(() => {});
      // The first open warms the browser's caches (as a returning user's would be); it is not counted.
      if (i === 0) continue;
      rows.push({
        boot: marks.bootPainted,
        sidebarFromBoot: marks.sidebarPainted - marks.bootPainted,
        sidebarSeenFromBoot:
          Math.min(marks.sidebarPainted, marks.bootSidebarPainted ?? Infinity) - marks.bootPainted,
        bootDrewSidebar: (marks.bootSidebarPainted ?? Infinity) < marks.sidebarPainted,
        chatFromBoot: marks.chatPainted - marks.bootPainted,
        chatSeenFromBoot: Math.min(marks.chatPainted, marks.bootChatPainted ?? Infinity) - marks.bootPainted,
        bootDrew: (marks.bootChatPainted ?? Infinity) < marks.chatPainted,
        shell: marks.shellPainted,
        sidebar: marks.sidebarPainted - marks.shellPainted,
        chat: marks.chatPainted - marks.shellPainted,
        historyRows,
      });
    }
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    /** A percentile of one measure over every open. */
    const at = (
      measure:
        | 'boot'
        | 'shell'
        | 'sidebar'
        | 'chat'
        | 'sidebarFromBoot'
        | 'sidebarSeenFromBoot'
        | 'chatFromBoot'
        | 'chatSeenFromBoot',
      p: number,
    ) =>
      percentile(
        rows.map((r) => r[measure]),
        p,
      );
    const result = {
      chats: CHATS,
      messages: seeded.messages,
      seedMs: seeded.ms,
      opens: rows.length,
      historyRows: rows[0]?.historyRows ?? 0,
      bootMedian: at('boot', 50),
      sidebarFromBootP95: at('sidebarFromBoot', 95),
      sidebarSeenFromBootMedian: at('sidebarSeenFromBoot', 50),
      sidebarSeenFromBootP95: at('sidebarSeenFromBoot', 95),
      bootDrewSidebar: rows.filter((r) => r.bootDrewSidebar).length,
      chatFromBootMedian: at('chatFromBoot', 50),
      chatFromBootP95: at('chatFromBoot', 95),
      chatSeenFromBootMedian: at('chatSeenFromBoot', 50),
      chatSeenFromBootP95: at('chatSeenFromBoot', 95),
      bootDrew: rows.filter((r) => r.bootDrew).length,
      shellMedian: at('shell', 50),
      sidebarMedian: at('sidebar', 50),
      sidebarP95: at('sidebar', 95),
      chatMedian: at('chat', 50),
      chatP95: at('chat', 95),
      load: os.loadavg()[0],
    };
    // Against the app's frame (the figure this bench first reported) and against the boot shell, which is what
    // a person sees first and what the goal is judged by.
    const passFromShell = result.sidebarP95 <= GOAL_MS && result.chatP95 <= GOAL_MS;
    const pass = result.sidebarSeenFromBootP95 <= GOAL_MS && result.chatSeenFromBootP95 <= GOAL_MS;
    console.log(
      '\n## Local cache: opening the app with 100,000 cached messages in 2,000 chats (headless Chromium)\n',
    );
    console.log(
      `seeded ${result.messages} messages in ${result.chats} chats in ${result.seedMs.toFixed(0)} ms; ${result.opens} opens of the newest chat; load average ${result.load.toFixed(1)}`,
    );
    console.log(
      "| boot shell ms (from navigation) | app shell ms (from navigation) | history rows | from the app shell: sidebar p50, p95 ms | chat p50, p95 ms | within 150 ms of the app shell | from the boot shell: history rows on screen p50, p95 ms (drawn by the boot shell first) | the app's rows p95 ms | last answer readable p50, p95 ms (drawn by the boot shell first) | app chat p50, p95 ms | within 150 ms of the boot shell |",
    );
    console.log('|---:|---:|---:|---:|---:|:---:|---:|---:|---:|---:|:---:|');
    console.log(
      `| ${result.bootMedian.toFixed(0)} | ${result.shellMedian.toFixed(0)} | ${result.historyRows} | ${result.sidebarMedian.toFixed(1)}, ${result.sidebarP95.toFixed(1)} | ${result.chatMedian.toFixed(1)}, ${result.chatP95.toFixed(1)} | ${passFromShell ? 'yes' : 'no'} | ${result.sidebarSeenFromBootMedian.toFixed(1)}, ${result.sidebarSeenFromBootP95.toFixed(1)} (${result.bootDrewSidebar}/${result.opens}) | ${result.sidebarFromBootP95.toFixed(1)} | ${result.chatSeenFromBootMedian.toFixed(1)}, ${result.chatSeenFromBootP95.toFixed(1)} (${result.bootDrew}/${result.opens}) | ${result.chatFromBootMedian.toFixed(1)}, ${result.chatFromBootP95.toFixed(1)} | ${pass ? 'yes' : 'no'} |`,
    );
    return { ...result, passFromShell, pass };
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCacheOpen();
