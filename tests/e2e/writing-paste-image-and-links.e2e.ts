import zlib from 'node:zlib';
import { expect, test } from './support/app';
import { newWritingDoc, paste, toEnd } from './support/writing';

/** A real 40x20 PNG (solid colour), built here so the test needs no fixture file. */
function png(width: number, height: number): number[] {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)])),
  );
  return [
    ...Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  ];
}

test('a pasted image becomes the image and survives the next key and paste; Ctrl+I is italic', async ({
  page,
}) => {
  await newWritingDoc(page);
  await toEnd(page);
  await paste(page, { png: png(40, 20) });
  const image = page.locator('.writing-prose img.writing-image');
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('image-upload')).toHaveCount(0);
  // The address carries its key: an <img> sends no token, and the md5 alone opens nothing.
  const src = (await image.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/api\/v1\/writing\/image\/[0-9a-f]{32}\?k=[\w-]{22}$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  const bare = src.split('?')[0];
  expect((await page.request.get(bare)).status()).toBe(404);

  // The finished image is not left selected: the next key and the next paste go after it.
  await page.keyboard.type('typed after');
  await paste(page, { text: ' and pasted' });
  await expect(image).toBeVisible();
  await expect(page.locator('.writing-prose p', { hasText: 'typed after and pasted' })).toBeVisible();

  // Ctrl+I is italic inside the editor; it does not leave the document.
  const url = page.url();
  await page.keyboard.press('Control+i');
  await page.keyboard.type('slanted');
  await expect(page.locator('.writing-prose em', { hasText: 'slanted' })).toBeVisible();
  expect(page.url()).toBe(url);

  // An image written before addresses had keys (its bare address, as older documents hold it) fails to load
  // once, and the editor takes its owner's current address from the server: the picture is drawn.
  await page.keyboard.press('Enter');
  await paste(page, { text: `![older](${bare})` });
  const older = page.locator('.writing-prose img.writing-image[alt="older"]');
  await expect(older).toHaveAttribute('src', src, { timeout: 15_000 });
  await expect.poll(() => older.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
});

test('a pasted javascript: URL stays text; a pasted web URL becomes a link titled by the page', async ({
  page,
}) => {
  await newWritingDoc(page);
  await toEnd(page);
  await paste(page, { text: 'javascript:alert(document.cookie)' });
  await expect(page.locator('.writing-prose')).toContainText('javascript:alert(document.cookie)');
  await expect(page.locator('.writing-prose a')).toHaveCount(0);

  await page.keyboard.press('Enter');
  const url = `${new URL(page.url()).origin}/terms/user`;
  await paste(page, { text: url });
  const link = page.locator('.writing-prose a');
  await expect(link).toHaveAttribute('href', url);
  // The server looked the page up (the e2e server allows its own address) and the link shows its title.
  await expect(link).toHaveText('Parley', { timeout: 15_000 });
});
