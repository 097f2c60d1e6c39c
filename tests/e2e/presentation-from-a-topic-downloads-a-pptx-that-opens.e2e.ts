import fs from 'node:fs';
import JSZip from 'jszip';
import { expect, openAsGuest, test } from './support/app';

async function slideTexts(file: string): Promise<string[]> {
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const names = Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  const xml = await Promise.all(names.map((n) => zip.file(n)!.async('string')));
  return xml.map((x) => [...x.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(' '));
}

test('a topic becomes an outline, edited (reordered, added, removed), then slides with progress; the .pptx opens', async ({
  page,
}) => {
  await openAsGuest(page, '/creation/all/Presentation');
  await page.getByLabel('What is the presentation about?').fill('Coffee: growing, roasting and brewing');
  await page.getByRole('button', { name: 'Make the outline' }).click();

  const sections = page.getByTestId('outline-section');
  await expect(sections).toHaveCount(5);
  await expect(page.getByText(/offline model built this/)).toBeVisible();
  await expect(page.getByLabel('Title of section 2')).toHaveValue('Growing');

  // Reorder: brewing before roasting; remove the summary; add a section of our own at the end.
  await page.getByRole('button', { name: 'Move section 4 up' }).click();
  await expect(page.getByLabel('Title of section 3')).toHaveValue('Brewing');
  await page.getByRole('button', { name: 'Remove section 5' }).click();
  await expect(sections).toHaveCount(4);
  await page.getByRole('button', { name: 'Add a section after section 4' }).click();
  await page.getByLabel('Title of section 5').fill('Tasting notes');
  await page.getByLabel('Points of section 5, one a line').fill('Acidity and body\nAroma');
  await page.getByLabel('Presentation title').fill('All about coffee');

  await page.getByRole('button', { name: 'Make the slides' }).click();
  await expect(page.getByTestId('creation-progress')).toContainText(/Making the slides/);
  await expect(page.getByRole('button', { name: 'Download .pptx' })).toBeVisible({ timeout: 30_000 });
  const slides = page.getByTestId('slide');
  await expect(slides).toHaveCount(5);
  await expect(slides.nth(2)).toContainText('Brewing');
  await expect(slides.nth(4)).toContainText('Acidity and body');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .pptx' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('All about coffee.pptx');
  const file = await download.path();
  const texts = await slideTexts(file);
  expect(texts).toHaveLength(6);
  expect(texts[0]).toContain('All about coffee');
  expect(texts[1]).toContain('Introduction: Coffee');
  expect(texts[3]).toContain('Brewing');
  expect(texts[4]).toContain('Roasting');
  expect(texts[5]).toContain('Tasting notes');
  expect(texts[5]).toContain('Aroma');

  // It is kept: a new presentation screen lists it, and it opens again with its slides.
  await page.getByRole('button', { name: 'New presentation' }).click();
  await page.getByRole('button', { name: 'All about coffee' }).click();
  await expect(slides).toHaveCount(5);
});

test('/ppt opens the same maker, in Arabic with the page right to left', async ({ page }) => {
  await openAsGuest(page, '/ar/ppt');
  await expect(page.getByRole('heading', { name: 'عرض تقديمي بالذكاء الاصطناعي' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'أنشئ المخطط' })).toBeDisabled();
});
