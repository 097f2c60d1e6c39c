// A pdf laid out like a report: each string on its own line, headings (lines starting with "# ") larger.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function makeReportPdf(pages: string[][], title?: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  if (title) pdf.setTitle(title);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    let y = 790;
    for (const line of lines) {
      const heading = line.startsWith('# ');
      page.drawText(heading ? line.slice(2) : line, {
        x: 40,
        y,
        size: heading ? 16 : 10,
        font: heading ? bold : font,
      });
      y -= heading ? 26 : 15;
    }
  }
  return Buffer.from(await pdf.save());
}

export const REPORT_PAGES = [
  [
    '# Beekeeping for Beginners',
    'A short guide for people who want to keep their first colony.',
    '# Choosing a Hive',
    'Most beginners start with a Langstroth hive because parts are easy to find.',
    'A top-bar hive is cheaper but gives less honey each season.',
  ],
  [
    '# Seasonal Care',
    'In spring the colony grows fast and needs room to expand.',
    'In autumn the keeper leaves enough honey for the bees to survive winter.',
    '# Harvesting Honey',
    'Frames are ready when the bees have capped most of the cells with wax.',
    'An extractor spins the frames so the honey flows out without breaking the comb.',
  ],
];
