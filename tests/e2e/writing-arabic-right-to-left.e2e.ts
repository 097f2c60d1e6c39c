import { expect, test } from './support/app';
import { newWritingDoc } from './support/writing';

test('on Arabic pages the editor is laid out right to left, in Arabic', async ({ page }) => {
  await newWritingDoc(page, '/ar/writing');
  const editor = page.getByTestId('writing-editor');
  await expect(editor).toHaveAttribute('dir', 'rtl');
  expect(await editor.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await expect(page.getByTestId('ask-ai-open')).toHaveText('اسأل الذكاء الاصطناعي');
  // The document list sits at the right edge, mirrored.
  const list = await page.getByTestId('writing-docs').boundingBox();
  const main = await editor.boundingBox();
  expect(list!.x).toBeGreaterThan(main!.x);
});
