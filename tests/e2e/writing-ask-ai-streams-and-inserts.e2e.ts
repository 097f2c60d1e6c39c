import { expect, test } from './support/app';
import { newWritingDoc, toEnd } from './support/writing';

const TEXT = [
  'Rivers carry water from the mountains to the sea.',
  'The bakery on the corner opens at six.',
  'Mountain rivers carry melted snow down to the valleys and the sea.',
];

test('Ask AI: summarise streams behind a skeleton and inserts the summary after the current block; translate asks for the language', async ({
  page,
}) => {
  await newWritingDoc(page);
  await toEnd(page);
  await page.keyboard.type(TEXT.join(' '));
  await page.keyboard.press('Enter');
  await page.keyboard.type('Last paragraph.');
  await page.locator('.writing-prose p').first().click();

  await page.getByTestId('ask-ai-open').click();
  await expect(page.getByTestId('ask-ai')).toHaveAttribute('data-state', 'input');
  await page.getByTestId('ask-ai-summarize').click();
  await expect(page.getByTestId('ask-ai')).toHaveAttribute('data-state', 'generating');
  await expect(page.getByTestId('ask-ai-stop')).toBeVisible();
  await expect(page.getByTestId('ask-ai')).toHaveAttribute('data-state', 'result', { timeout: 30_000 });
  const answer = (await page.getByTestId('ask-ai-answer').textContent()) ?? '';
  expect(answer).toContain('Rivers carry water');
  expect(answer).not.toContain('bakery');

  await page.getByTestId('ask-ai-copy').click();
  await expect(page.getByText('Copied')).toBeVisible();

  await page.getByTestId('ask-ai-insert').click();
  await expect(page.getByTestId('ask-ai')).toHaveCount(0);
  const paragraphs = page.locator('.writing-prose > p');
  // Inserted right after the block that held the cursor (the first paragraph), before "Last paragraph.".
  await expect(paragraphs.nth(1)).toHaveText(answer.trim());
  await expect(paragraphs.nth(2)).toHaveText('Last paragraph.');

  // Translate asks for the target language (Auto is the interface language) and sends it.
  await page.locator('.writing-prose p').first().click();
  await page.getByTestId('ask-ai-open').click();
  await page.getByTestId('ask-ai-translate').click();
  await expect(page.getByTestId('translate-to-Auto')).toHaveText('Auto (English)');
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/chat/send'));
  await page.getByTestId('translate-to-es').click();
  expect((await sent).postDataJSON()).toMatchObject({ translateLanguage: 'es' });
  await expect(page.getByTestId('ask-ai')).toHaveAttribute('data-state', 'result', { timeout: 30_000 });
  await expect(page.getByTestId('ask-ai-answer')).toContainText('into Spanish');
});

test('Ask AI: Stop aborts the answer; Enter sends, Shift+Enter is a new line, Escape and Backspace close', async ({
  page,
}) => {
  await newWritingDoc(page);
  await toEnd(page);
  const long = Array.from(
    { length: 30 },
    (_, i) => `Sentence number ${i} talks about gardens and rivers.`,
  ).join(' ');
  await page.keyboard.type(long.slice(0, 200));
  await page.evaluate((text) => {
    // Faster than typing every character: the rest arrives as one input.
    document.execCommand('insertText', false, text);
  }, long.slice(200));

  await page.getByTestId('ask-ai-open').click();
  const input = page.getByTestId('ask-ai-input');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ask-ai')).toHaveCount(0);

  await page.getByTestId('ask-ai-open').click();
  await expect(input).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('ask-ai')).toHaveCount(0);

  await page.getByTestId('ask-ai-open').click();
  await expect(input).toBeFocused();
  // Enter on an empty input sends nothing.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ask-ai')).toHaveAttribute('data-state', 'input');
  await page.keyboard.type('Which sentences mention gardens?');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('List them.');
  await expect(input).toHaveValue('Which sentences mention gardens?\nList them.');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ask-ai-answer')).toBeVisible();
  await page.getByTestId('ask-ai-stop').click();
  await expect(page.getByTestId('ask-ai')).toHaveAttribute('data-state', 'result');
  const stopped = (await page.getByTestId('ask-ai-answer').textContent()) ?? '';
  await page.waitForTimeout(1500);
  // Nothing more arrives after Stop, and the full answer (30 listed sentences) was not reached.
  await expect(page.getByTestId('ask-ai-answer')).toHaveText(stopped);
  expect(stopped).not.toContain('Sentence number 29');

  await page.getByTestId('ask-ai-discard').click();
  await expect(page.getByTestId('ask-ai')).toHaveCount(0);
  await expect(page.locator('.writing-prose')).not.toContainText('Which sentences');
});

test('Ask AI in Chinese: the answer is drawn as the Markdown Insert will put in, no asterisks showing', async ({
  page,
}) => {
  await newWritingDoc(page, '/zh/writing');
  await toEnd(page);
  await page.keyboard.type('明年的预算是四万美元。我们讨论了市场营销的计划，并决定增加投入。');
  await page.keyboard.press('Control+a');
  await page.getByTestId('ask-ai-open').click();
  await page.getByTestId('ask-ai-input').fill('预算是多少？');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ask-ai')).toHaveAttribute('data-state', 'result', { timeout: 30_000 });
  const answer = page.getByTestId('ask-ai-answer');
  // The offline model's note is in italics; as plain text it read '*Parley 离线模型：…*'.
  await expect(answer.locator('em')).toContainText('Parley 离线模型');
  await expect(answer).not.toContainText('*');
  // The sentence sharing the question's word 预算 is found (Chinese has no spaces between its words).
  await expect(answer).toContainText('所选内容中与你的问题相关的句子：');
  await expect(answer.locator('li')).toHaveText(['明年的预算是四万美元。']);
});
