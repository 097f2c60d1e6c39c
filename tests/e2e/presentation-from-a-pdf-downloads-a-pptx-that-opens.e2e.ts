import fs from 'node:fs';
import JSZip from 'jszip';
import { makeReportPdf, REPORT_PAGES } from '../helpers/creation-fixtures';
import { expect, openAsGuest, test } from './support/app';

test("an uploaded pdf's headings become the outline; the slides download as a .pptx that opens", async ({
  page,
}) => {
  await openAsGuest(page, '/creation/all/Presentation');
  await page.getByTestId('upload-input').setInputFiles({
    name: 'beekeeping.pdf',
    mimeType: 'application/pdf',
    buffer: await makeReportPdf(REPORT_PAGES),
  });
  await expect(page.getByTestId('presentation-document')).toContainText('beekeeping.pdf', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Make the outline' }).click();

  await expect(page.getByTestId('outline-section')).toHaveCount(3);
  await expect(page.getByLabel('Presentation title')).toHaveValue('Beekeeping for Beginners');
  await expect(page.getByLabel('Title of section 1')).toHaveValue('Choosing a Hive');
  await expect(page.getByLabel('Points of section 3, one a line')).toHaveValue(/capped most of the cells/);

  await page.getByRole('button', { name: 'Make the slides' }).click();
  await expect(page.getByTestId('slide')).toHaveCount(3, { timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .pptx' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Beekeeping for Beginners.pptx');
  const zip = await JSZip.loadAsync(fs.readFileSync(await download.path()));
  const slides = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  expect(slides).toHaveLength(4);
  const last = await zip.file('ppt/slides/slide4.xml')!.async('string');
  expect(last).toContain('Harvesting Honey');
  expect(last).toContain('An extractor spins the frames');

  // Saved to the workspace (category presentation): it opens again from there with its slides.
  await page.goto('/workspace/generated/presentation');
  await page.getByRole('link', { name: 'Beekeeping for Beginners' }).click();
  await expect(page.getByTestId('slide')).toHaveCount(3);
  await expect(page.getByTestId('slide').last()).toContainText('Harvesting Honey');
});
