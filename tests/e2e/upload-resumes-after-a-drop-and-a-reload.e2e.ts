import crypto from 'node:crypto';
import { expect, openAsGuest, test } from './support/app';

const MiB = 1024 * 1024;
const partOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));

test('a connection dropped mid-upload: after a reload only the parts that never arrived are sent', async ({
  page,
}) => {
  const file = {
    name: 'thesis.pdf',
    mimeType: 'application/pdf',
    buffer: crypto.randomBytes(12 * MiB + 321),
  };
  const md5 = crypto.createHash('md5').update(file.buffer).digest('hex');
  const arrived = new Set<number>();
  let online = true;
  page.on('response', (response) => {
    if (response.url().includes('/py/api/v1/upload/part') && response.status() === 200)
      arrived.add(partOf(response.url()));
  });
  // The link goes down after a few parts: every later part fails like a cut connection.
  await page.route('**/py/api/v1/upload/part?**', async (route) => {
    if (!online) return route.abort('connectionreset');
    await route.continue();
    if (arrived.size >= 4) online = false;
  });

  await openAsGuest(page, '/chatwithdoc');
  await page.getByTestId('upload-input').setInputFiles(file);
  await expect.poll(() => !online && arrived.size >= 4).toBe(true);
  await page.waitForTimeout(500);
  const before = new Set(arrived);
  expect(before.size).toBeLessThan(13);

  // The user reloads and picks the same file again; the link is back. Listening starts only on the new
  // page, so a retry of the old page cannot be mistaken for a resend.
  await page.reload();
  await expect(page.getByTestId('document-uploader')).toBeVisible();
  await page.unroute('**/py/api/v1/upload/part?**');
  const sentAfter: number[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/py/api/v1/upload/part')) sentAfter.push(partOf(request.url()));
  });
  const restart = page.waitForResponse((r) => r.url().includes('/py/api/v1/upload/start'));
  await page.getByTestId('upload-input').setInputFiles(file);
  // What the server says already arrived (a part cut by the reload itself may still have landed).
  const known = new Set<number>(((await (await restart).json()).data.received as number[]) ?? []);
  const item = page.getByTestId('upload-item').first();
  await expect(item).toHaveAttribute('data-md5', md5, { timeout: 30_000 });
  await expect(item).toHaveAttribute('data-instant', 'false');

  for (const n of before) expect(known.has(n)).toBe(true);
  expect(sentAfter.filter((n) => known.has(n))).toEqual([]);
  expect(new Set([...known, ...sentAfter]).size).toBe(13);
  expect(sentAfter).toHaveLength(new Set(sentAfter).size);
});
