import { describe, expect, it } from 'vitest';
import {
  offlineSlide,
  outlineFromDocument,
  outlineFromTopic,
  parseOutlineMarkdown,
  parseSlideMarkdown,
} from '../../server/providers/ai/offline-presentation';

describe('offline presentation outlines', () => {
  it('turns a topic with a list into one section per item, with an introduction and a summary', () => {
    const outline = outlineFromTopic('Coffee: growing, roasting; brewing');
    expect(outline.title).toBe('Coffee');
    expect(outline.sections.map((s) => s.title)).toEqual([
      'Introduction: Coffee',
      'Growing',
      'Roasting',
      'Brewing',
      'Summary',
    ]);
    expect(outline.sections[2].points).toContain('Key facts about roasting');
  });

  it("writes its own words in the caller's language, keeping the topic's words", () => {
    const outline = outlineFromTopic('Café: cultivo, tostado y preparación', 'es');
    expect(outline.sections.map((s) => s.title)).toEqual([
      'Introducción: Café',
      'Cultivo',
      'Tostado',
      'Preparación',
      'Resumen',
    ]);
    expect(outline.sections[1].points).toContain('Datos clave sobre cultivo');
    expect(outlineFromTopic('القهوة: الزراعة، التحميص والطقوس', 'ar').sections.map((s) => s.title)).toEqual([
      'مقدمة: القهوة',
      'الزراعة',
      'التحميص والطقوس',
      'الخلاصة',
    ]);
    expect(offlineSlide({ title: 'A', points: ['b'] }, 'T', 'zh').notes).toContain('离线模型');
    // Chinese: a full-width colon with no space in the summary, as in the introduction (it read '太阳能: 光伏板…').
    const chinese = outlineFromTopic('太阳能：光伏板、电池和电网', 'zh');
    expect(chinese.sections.map((s) => s.title)).toEqual(['引言：太阳能', '光伏板', '电池和电网', '总结']);
    expect(chinese.sections[3].points[0]).toBe('太阳能：光伏板、电池和电网');
  });

  it('uses the key terms of a plain topic, the same every time', () => {
    const a = outlineFromTopic('How honey bees pollinate almond orchards in California');
    expect(a).toEqual(outlineFromTopic('How honey bees pollinate almond orchards in California'));
    expect(a.sections.length).toBe(6);
    expect(a.sections.slice(1, 5).map((s) => s.title.toLowerCase())).toEqual(
      expect.arrayContaining(['honey', 'bees']),
    );
  });

  it('takes sections from document headings and points from the sentences under them', () => {
    const text = [
      '# Annual Report 2025',
      'Intro line.',
      '1. Revenue',
      'Revenue grew by twelve percent this year. Most revenue came from subscriptions. The weather was nice.',
      '2. Hiring',
      'We hired forty engineers in three countries. Hiring slowed in the last quarter of the year.',
      'Outlook',
      'Next year we expect steady growth in subscriptions and hiring across the company.',
    ].join('\n');
    const outline = outlineFromDocument(text, 'report.pdf');
    expect(outline.title).toBe('Annual Report 2025');
    expect(outline.sections.map((s) => s.title)).toEqual(['Revenue', 'Hiring', 'Outlook']);
    expect(outline.sections[0].points[0]).toBe('Revenue grew by twelve percent this year.');
    expect(outline.sections[1].points).toContain('We hired forty engineers in three countries.');
  });

  it('without headings cuts the sentences into parts named by their key terms, titled by the file name', () => {
    const text = Array.from(
      { length: 8 },
      (_, i) => `Glaciers retreat quickly in region number ${i + 1} today.`,
    ).join(' ');
    const outline = outlineFromDocument(text, 'ice_report.pdf');
    expect(outline.title).toBe('ice report');
    expect(outline.sections.length).toBe(2);
    expect(outline.sections[0].title).toContain('Glaciers');
  });

  it('reads a real model outline and slide in Markdown', () => {
    const outline = parseOutlineMarkdown(
      '# Tides\n## The moon\n- Gravity pulls water\n- Two bulges\n## Spring tides\n* Sun and moon align',
    );
    expect(outline).toEqual({
      title: 'Tides',
      sections: [
        { title: 'The moon', points: ['Gravity pulls water', 'Two bulges'] },
        { title: 'Spring tides', points: ['Sun and moon align'] },
      ],
    });
    const slide = parseSlideMarkdown(
      '- **Gravity** pulls\n- Twice a day\nNotes: Mention Newton.',
      outline.sections[0],
    );
    expect(slide).toEqual({
      title: 'The moon',
      bullets: ['Gravity pulls', 'Twice a day'],
      notes: 'Mention Newton.',
    });
    expect(offlineSlide({ title: 'Empty', points: [] }, 'Tides').bullets).toEqual(['Empty in Tides']);
  });

  it("a section without points gets one bullet in the caller's language", () => {
    expect(offlineSlide({ title: 'Tides', points: [] }, 'The sea', 'es').bullets).toEqual([
      'Tides en The sea',
    ]);
    expect(offlineSlide({ title: 'Tides', points: [] }, 'The sea', 'ar').bullets).toEqual([
      'Tides في The sea',
    ]);
    expect(offlineSlide({ title: 'Tides', points: [] }, 'The sea').bullets).toEqual(['Tides in The sea']);
  });
});
