import { expect, test } from './support/app';
import { newWritingDoc, toEnd } from './support/writing';

test('on Arabic pages the editor is laid out right to left, in Arabic', async ({ page }) => {
  await newWritingDoc(page, '/ar/writing');
  const editor = page.getByTestId('writing-editor');
  await expect(editor).toHaveAttribute('dir', 'rtl');
  expect(await editor.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await expect(page.getByTestId('ask-ai-open')).toHaveText('اسأل الذكاء الاصطناعي');
  // The empty document's line, its hint and caret, start at the right edge (they stood at the left).
  const line = page.locator('.writing-prose > p').first();
  await expect(line).toHaveAttribute('data-placeholder', /اكتب/);
  expect(await line.evaluate((p) => getComputedStyle(p).direction)).toBe('rtl');
  // The document list sits at the right edge, mirrored.
  const list = await page.getByTestId('writing-docs').boundingBox();
  const main = await editor.boundingBox();
  expect(list!.x).toBeGreaterThan(main!.x);
  // Icons that point along the line are mirrored; the others keep their drawing.
  const transform = (testId: string) =>
    page
      .getByTestId(testId)
      .locator('svg')
      .first()
      .evaluate((svg) => getComputedStyle(svg).transform);
  expect(await transform('sidebar-toggle')).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  expect(await transform('new-chat')).toBe('none');
});

test('an English paragraph in the Arabic editor reads left to right with its full stop at the end', async ({
  page,
}) => {
  await newWritingDoc(page, '/ar/writing');
  await toEnd(page);
  await page.keyboard.type('Hello world.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('مرحبا بالعالم.');
  const english = page.locator('.writing-prose > p', { hasText: 'Hello world.' });
  const arabic = page.locator('.writing-prose > p', { hasText: 'مرحبا' });
  await expect(english).toHaveAttribute('dir', 'auto');
  expect(await english.evaluate((p) => getComputedStyle(p).direction)).toBe('ltr');
  expect(await arabic.evaluate((p) => getComputedStyle(p).direction)).toBe('rtl');
  // The full stop is drawn to the right of the last word, not flipped to the start of the line.
  const [stop, word] = await english.evaluate((p) => {
    const text = p.firstChild!.firstChild ?? p.firstChild!;
    const at = (from: number, to: number) => {
      const range = document.createRange();
      range.setStart(text, from);
      range.setEnd(text, to);
      return range.getBoundingClientRect().x;
    };
    const content = text.textContent ?? '';
    return [
      at(content.length - 1, content.length),
      at(content.indexOf('world'), content.indexOf('world') + 5),
    ];
  });
  expect(stop).toBeGreaterThan(word);
});
