import { expect, test } from './support/app';
import { newWritingDoc, toEnd } from './support/writing';

const BLOCKS: [id: string, selector: string][] = [
  ['heading1', 'h1'],
  ['heading2', 'h2'],
  ['heading3', 'h3'],
  ['heading4', 'h4'],
  ['horizontalRule', 'hr'],
  ['bulletList', 'ul:not([data-type])'],
  ['orderedList', 'ol'],
  ['codeBlock', '[data-testid="code-block"]'],
  ['callout', '[data-testid="callout"]'],
  ['blockquote', 'blockquote'],
  ['todoList', 'ul[data-type="taskList"]'],
  ['table', 'table'],
  ['columns', '.columns'],
];

test('the slash menu inserts each block of both groups', async ({ page }) => {
  await newWritingDoc(page);
  const prose = page.locator('.writing-prose');
  for (const [id, selector] of BLOCKS) {
    await toEnd(page);
    await page.keyboard.type('/');
    await expect(page.getByTestId('slash-menu')).toBeVisible();
    await page.getByTestId(`slash-${id}`).click();
    await expect(prose.locator(selector).first(), id).toBeVisible();
    await expect(page.getByTestId('slash-menu')).toHaveCount(0);
  }
  // The table is 3 by 3 without a header row; the code block starts in javascript.
  await expect(prose.locator('table tr')).toHaveCount(3);
  await expect(prose.locator('table tr').first().locator('td')).toHaveCount(3);
  await expect(prose.locator('table th')).toHaveCount(0);
  await expect(page.getByTestId('code-language').first()).toHaveValue('javascript');
  // A trailing empty paragraph is always there after the last block.
  await expect(prose.locator(':scope > p').last()).toHaveText('');
});

test('a space or a zero-width character at the start of a line opens the menu; columns offer fewer blocks', async ({
  page,
}) => {
  await newWritingDoc(page);
  await toEnd(page);
  await page.keyboard.type(' ');
  await expect(page.getByTestId('slash-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText('\u200b');
  await expect(page.getByTestId('slash-menu')).toBeVisible();
  // Typing filters the items; Enter picks the highlighted one.
  await page.keyboard.type('col');
  await expect(page.getByTestId('slash-columns')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('.writing-prose .columns')).toBeVisible();

  await page.locator('.writing-prose .column p').first().click();
  await page.keyboard.type('/');
  await expect(page.getByTestId('slash-menu')).toBeVisible();
  await expect(page.getByTestId('slash-heading1')).toBeVisible();
  for (const hidden of ['codeBlock', 'callout', 'table', 'columns'])
    await expect(page.getByTestId(`slash-${hidden}`)).toHaveCount(0);
});

test('the callout emoji opens the picker; a search result becomes the callout emoji', async ({ page }) => {
  await newWritingDoc(page);
  await toEnd(page);
  await page.keyboard.type('/');
  await page.getByTestId('slash-callout').click();
  const emoji = page.getByTestId('callout-emoji');
  await expect(emoji).toHaveText('📌');
  await emoji.click();
  const picker = page.locator('em-emoji-picker');
  await expect(picker).toBeVisible();
  await picker.locator('input[type="search"]').fill('rocket');
  await picker.locator('button[aria-label="🚀"]').first().click();
  await expect(page.getByTestId('emoji-picker')).toHaveCount(0);
  await expect(emoji).toHaveText('🚀');
});
