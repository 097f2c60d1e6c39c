// A presentation as a .pptx file (pptxgenjs): a title slide, then one slide per slide (or, before slides
// exist, per outline section), in the colours of its template.
import {
  DEFAULT_PRESENTATION_TEMPLATE_ID,
  PRESENTATION_TEMPLATES,
  type Presentation,
  type PresentationTemplateId,
} from '../../../common/contract/index.js';
import { clipText } from '../../../common/text.js';
import { offlinePresentationNote } from '../../providers/ai/offline-presentation.js';

const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * A text box's direction from its own first letter, as dir="auto" decides it in the app's preview: without it
 * PowerPoint lays an Arabic title or bullet out left to right, its full stop and brackets at the wrong end.
 */
function direction(text: string): { rtlMode?: boolean; align?: 'right' } {
  const first = text.match(/\p{L}/u)?.[0];
  return first && RTL_SCRIPT.test(first) ? { rtlMode: true, align: 'right' } : {};
}

export async function presentationToPptx(presentation: Presentation, language = 'en'): Promise<Buffer> {
  const note = offlinePresentationNote(language);
  const template =
    PRESENTATION_TEMPLATES[presentation.templateId as PresentationTemplateId] ??
    PRESENTATION_TEMPLATES[DEFAULT_PRESENTATION_TEMPLATE_ID];
  // Loaded at the first download, not at start: the server's idle memory stays small.
  const { default: pptxgen } = await import('pptxgenjs');
  const pptx = new pptxgen();
  pptx.layout = 'LAYOUT_16x9';
  pptx.title = presentation.title;
  pptx.company = 'Parley';

  const cover = pptx.addSlide();
  cover.background = { color: template.background };
  cover.addShape(pptx.ShapeType.rect, { x: 0, y: 3.3, w: 10, h: 0.08, fill: { color: template.accent } });
  cover.addText(presentation.title, {
    x: 0.6,
    y: 1.4,
    w: 8.8,
    h: 1.6,
    fontSize: 36,
    bold: true,
    color: template.title,
    valign: 'bottom',
    fit: 'shrink',
    ...direction(presentation.title),
  });
  if (presentation.topic && presentation.topic !== presentation.title)
    cover.addText(presentation.topic, {
      x: 0.6,
      y: 3.5,
      w: 8.8,
      h: 0.8,
      fontSize: 16,
      color: template.text,
      ...direction(presentation.topic),
    });
  if (presentation.generatedBy === 'offline') {
    cover.addText(note, {
      x: 0.6,
      y: 4.8,
      w: 8.8,
      h: 0.5,
      fontSize: 10,
      italic: true,
      color: template.text,
      ...direction(note),
    });
    cover.addNotes(note);
  }

  const slides =
    presentation.slides.length > 0
      ? presentation.slides
      : presentation.outline.map((s) => ({ title: s.title, bullets: s.points, notes: '' }));
  for (const item of slides) {
    const slide = pptx.addSlide();
    slide.background = { color: template.background };
    slide.addText(item.title, {
      x: 0.5,
      y: 0.3,
      w: 9,
      h: 0.9,
      fontSize: 28,
      bold: true,
      color: template.title,
      fit: 'shrink',
      ...direction(item.title),
    });
    slide.addShape(pptx.ShapeType.rect, {
      x: 0.5,
      y: 1.2,
      w: 1.2,
      h: 0.06,
      fill: { color: template.accent },
    });
    if (item.bullets.length > 0)
      slide.addText(
        item.bullets.map((text) => ({
          text,
          options: { bullet: true, breakLine: true, ...direction(text) },
        })),
        {
          x: 0.5,
          y: 1.45,
          w: 9,
          h: 3.9,
          fontSize: 18,
          color: template.text,
          valign: 'top',
          paraSpaceAfter: 8,
          fit: 'shrink',
        },
      );
    if (item.notes) slide.addNotes(item.notes);
  }
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** A file name that any file system accepts; the title itself travels in filename*. */
export function pptxFileName(title: string): string {
  const safe = title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  return `${clipText(safe, 80) || 'presentation'}.pptx`;
}
