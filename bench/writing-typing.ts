import { openAppInBrowser } from './app-in-browser';

const WORDS = 20_000;
const KEYSTROKES = 300;
const TYPING_DELAY_MS = 35;

function document20k() {
  const vocabulary =
    'river mountain garden window letter morning evening harbour signal paper lantern meadow village orchard winter summer'.split(
      ' ',
    );
  const content: object[] = [];
  let words = 0;
  let paragraph = 0;
  while (words < WORDS) {
    if (paragraph % 20 === 0)
      content.push({
        type: 'heading',
        attrs: { level: 2 },
        content: [{ type: 'text', text: `Part ${paragraph / 20 + 1}` }],
      });
    const text = Array.from(
      { length: 50 },
      (_, i) => vocabulary[(paragraph * 7 + i * 3) % vocabulary.length],
    ).join(' ');
    content.push({ type: 'paragraph', content: [{ type: 'text', text: `${text}.` }] });
    words += 50;
    paragraph += 1;
  }
  return { type: 'doc', content };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export async function benchWritingTyping() {
  const { server, browser, close } = await openAppInBrowser('writing');
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/writing`);
    await page.getByTestId('auth-state').waitFor();
    await page.waitForFunction(() => localStorage.getItem('guest-authorization'));
    const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
    const docId = 'w-bench-20000-words';
    const created = await fetch(`${server.url}/api/v1/writing/upsertDoc`, {
      method: 'POST',
      headers: { Authorization: token ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ docId, docTitle: '20,000 words', content: document20k() }),
    });
    if (((await created.json()) as { code: number }).code !== 200)
      throw new Error('could not create the document');
    await page.goto(`${server.url}/writing?docId=${docId}`);
    const paragraphs = page.locator('.writing-prose > p');
    await paragraphs.nth(200).waitFor();
    const wordCount = await page.evaluate(
      () =>
        (document.querySelector('.writing-prose') as HTMLElement | null)?.innerText
          .split(/\s+/)
          .filter(Boolean).length ?? 0,
    );
    await paragraphs.nth(200).click();
    await page.keyboard.press('End');
    await page.evaluate(() => {
      const w = window as unknown as { __lat: number[]; __evt: number[] };
      w.__lat = [];
      w.__evt = [];
      const channel = new MessageChannel();
      const pending: number[] = [];
      channel.port1.onmessage = () => {
        const start = pending.shift();
        if (start !== undefined) w.__lat.push(performance.now() - start);
      };
      window.addEventListener(
        'keydown',
        (event) => {
          pending.push(event.timeStamp);
          requestAnimationFrame(() => channel.port2.postMessage(0));
        },
        true,
      );
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (entry.name === 'keydown') w.__evt.push(entry.duration);
        }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
      } catch {
        // No Event Timing in this browser.
      }
    });
    const text = 'the quick brown fox jumps over the lazy dog ';
    for (let i = 0; i < KEYSTROKES; i++)
      await page.keyboard
        .type(text[i % text.length], { delay: 0 })
        .then(() => page.waitForTimeout(TYPING_DELAY_MS));
    await page.waitForTimeout(500);
    const { lat, evt } = await page.evaluate(() => {
      const w = window as unknown as { __lat: number[]; __evt: number[] };
      return { lat: w.__lat, evt: w.__evt };
    });
    // Every keystroke was kept in IndexedDB as well (saved after its frame).
    const saved = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('parley');
          open.onsuccess = () => {
            const get = open.result
              .transaction('writingDocs')
              .objectStore('writingDocs')
              .get('w-bench-20000-words');
            get.onsuccess = () =>
              resolve(String(JSON.stringify(get.result?.content ?? '').includes('the quick brown fox')));
          };
        }),
    );
    const result = {
      words: wordCount,
      keystrokes: lat.length,
      p50: percentile(lat, 50),
      p95: percentile(lat, 95),
      max: Math.max(...lat),
      eventTimingSlowKeydowns: evt.length,
      savedLocally: saved === 'true',
    };
    console.log('\n## Writing: typing latency, 20,000-word document (headless Chromium)\n');
    console.log(
      '| words | keystrokes | p50 ms | p95 ms | max ms | keydowns over 16 ms (Event Timing) | saved locally |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|:---:|');
    console.log(
      `| ${result.words} | ${result.keystrokes} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.max.toFixed(1)} | ${result.eventTimingSlowKeydowns} | ${result.savedLocally ? 'yes' : 'no'} |`,
    );
    return result;
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWritingTyping();
