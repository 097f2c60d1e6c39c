import { expect, openAsGuest, test } from './support/app';

test('recommended questions and template tabs fill the composer or open their page; Mine lists saved prompts', async ({
  page,
}) => {
  await openAsGuest(page);
  const questions = page.getByTestId('recommended-question');
  await expect(questions.first()).toBeVisible();
  const icons = await questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-icon')));
  expect(new Set(icons)).toEqual(new Set(['publicity', 'research', 'tool']));
  // Each icon is drawn (an svg named for screen readers), not an emoji a device may lack.
  await expect(questions.first().locator('.recommended-icon svg')).toBeVisible();
  const question = (await questions.first().innerText()).trim();
  await questions.first().click();
  await expect(page.getByTestId('composer-input')).toHaveValue(question);

  await expect(page.getByTestId('template-tab-Recommended')).toHaveAttribute('data-state', 'active');
  await page.getByTestId('template-tab-All').click();
  const cards = page.getByTestId('template-panel-All').getByTestId('template-card');
  await cards.filter({ hasText: 'Summary' }).click();
  await expect(page.getByTestId('composer-input')).toHaveValue(
    'Summarise the key points of this text in bullet points:\n\n',
  );

  await page.getByTestId('template-tab-Mine').click();
  await expect(page.getByTestId('template-panel-Mine').getByTestId('templates-empty')).toBeVisible();
  await page.getByTestId('prompts-open').click();
  await page.getByTestId('prompt-new').click();
  await page.getByTestId('prompt-name').fill('Standup');
  await page.getByTestId('prompt-content').fill('What did I do yesterday?');
  await page.getByTestId('prompt-save').click();
  await expect(page.getByTestId('prompt-item')).toHaveAttribute('data-saved', 'true');
  await page.keyboard.press('Escape');
  await page.getByTestId('template-tab-All').click();
  await page.getByTestId('template-tab-Mine').click();
  await page
    .getByTestId('template-panel-Mine')
    .getByTestId('template-card')
    .filter({ hasText: 'Standup' })
    .click();
  await expect(page.getByTestId('composer-input')).toHaveValue('What did I do yesterday?');

  await page.getByTestId('template-tab-ppt').click();
  await page.getByTestId('template-panel-ppt').getByTestId('template-card').first().click();
  await expect(page).toHaveURL(/\/creation\/all\/Presentation$/);

  // The same page in Spanish: tabs and questions come in the page language.
  await page.goto('/es');
  await expect(page.getByTestId('template-tab-Recommended')).toHaveText('Recomendadas');
  await expect(page.getByTestId('recommended-question').first()).toContainText('lanzamiento');

  // Saved prompts are reachable from the workspace as well.
  await page.goto('/workspace');
  await page.getByTestId('prompts-open').click();
  await expect(page.getByTestId('prompt-item')).toContainText('Standup');
});

test('the operator’s announcement shows above the page until closed; a new one shows again', async ({
  page,
}) => {
  // The server answers the announcement its operator set (ANNOUNCEMENT; its server test covers that);
  // here the answer is swapped between visits to see the banner follow it.
  let announcement = 'Maintenance on Sunday from 02:00 UTC';
  await page.route('**/api/v1/release/announcement', (route) =>
    route.fulfill({ json: { code: 200, msg: 'success', data: announcement } }),
  );
  await openAsGuest(page);
  await expect(page.getByTestId('announcement')).toHaveText(announcement);
  await page.getByTestId('announcement-close').click();
  await expect(page.getByTestId('announcement')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('composer-input')).toBeVisible();
  await expect(page.getByTestId('announcement')).toHaveCount(0);
  announcement = 'New: document chat reads Word files';
  await page.reload();
  await expect(page.getByTestId('announcement')).toHaveText(announcement);
});
