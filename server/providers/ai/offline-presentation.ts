// Presentations from Parley's built-in offline model: no AI. An outline is built from the words of a topic
// or from a document's headings and sentences, deterministically; slides reuse the outline's points.
import type { OutlineSection, Slide } from '../../../common/contract/creation.js';
import { keyTerms } from './offline-terms.js';

type Lang = 'en' | 'ar' | 'zh' | 'es';

/** The offline outline's own words in the caller's language (the topic's words stay as written). */
const PHRASES: Record<
  Lang,
  {
    note: string;
    intro: (t: string) => string;
    about: (t: string) => string;
    matters: (t: string) => string;
    covered: (list: string) => string;
    coversGeneric: string;
    means: (p: string, t: string) => string;
    facts: (p: string) => string;
    example: (p: string) => string;
    summary: string;
    /** The summary's first point: the title and what it covered. */
    recap: (title: string, list: string) => string;
    questions: string;
    join: string;
    /** A section with no key terms to name it. */
    part: (n: number) => string;
    /** The one bullet of a section with no sentences: the section within the presentation. */
    inTitle: (section: string, title: string) => string;
  }
> = {
  en: {
    note: "Built by Parley's offline model (no AI provider is configured): extracted from your own words.",
    intro: (t) => `Introduction: ${t}`,
    about: (t) => `What ${t} is about`,
    matters: (t) => `Why ${t} matters`,
    covered: (l) => `Covered here: ${l}`,
    coversGeneric: 'What this presentation covers',
    means: (p, t) => `What ${p} means for ${t}`,
    facts: (p) => `Key facts about ${p}`,
    example: (p) => `An example of ${p}`,
    summary: 'Summary',
    recap: (t, l) => `${t}: ${l}`,
    questions: 'Questions and discussion',
    join: ', ',
    part: (n) => `Part ${n}`,
    inTitle: (section, title) => `${section} in ${title}`,
  },
  ar: {
    note: 'أنشأه نموذج Parley غير المتصل (لا يوجد مزوّد ذكاء اصطناعي): مستخرج من كلماتك أنت.',
    intro: (t) => `مقدمة: ${t}`,
    about: (t) => `عمّ يدور ${t}`,
    matters: (t) => `لماذا يهم ${t}`,
    covered: (l) => `ما نتناوله: ${l}`,
    coversGeneric: 'ما يتناوله هذا العرض',
    means: (p, t) => `ماذا يعني ${p} بالنسبة إلى ${t}`,
    facts: (p) => `حقائق أساسية عن ${p}`,
    example: (p) => `مثال على ${p}`,
    summary: 'الخلاصة',
    recap: (t, l) => `${t}: ${l}`,
    questions: 'أسئلة ونقاش',
    join: '، ',
    part: (n) => `الجزء ${n}`,
    inTitle: (section, title) => `${section} في ${title}`,
  },
  zh: {
    note: '由 Parley 离线模型生成（未配置 AI 服务）：内容取自你自己的文字。',
    intro: (t) => `引言：${t}`,
    about: (t) => `${t}是什么`,
    matters: (t) => `${t}为什么重要`,
    covered: (l) => `本次内容：${l}`,
    coversGeneric: '本演示的内容',
    means: (p, t) => `${p}对${t}意味着什么`,
    facts: (p) => `关于${p}的要点`,
    example: (p) => `${p}的一个例子`,
    summary: '总结',
    recap: (t, l) => `${t}：${l}`,
    questions: '提问与讨论',
    join: '、',
    part: (n) => `第 ${n} 部分`,
    inTitle: (section, title) => `${title}中的${section}`,
  },
  es: {
    note: 'Creada por el modelo sin conexión de Parley (no hay proveedor de IA configurado): extraída de tus propias palabras.',
    intro: (t) => `Introducción: ${t}`,
    about: (t) => `De qué trata ${t}`,
    matters: (t) => `Por qué importa ${t}`,
    covered: (l) => `Lo que veremos: ${l}`,
    coversGeneric: 'Lo que cubre esta presentación',
    means: (p, t) => `Qué significa ${p} para ${t}`,
    facts: (p) => `Datos clave sobre ${p}`,
    example: (p) => `Un ejemplo de ${p}`,
    summary: 'Resumen',
    recap: (t, l) => `${t}: ${l}`,
    questions: 'Preguntas y debate',
    join: ', ',
    part: (n) => `Parte ${n}`,
    inTitle: (section, title) => `${section} en ${title}`,
  },
};
const phrases = (language: string) => PHRASES[(language in PHRASES ? language : 'en') as Lang];

export const offlinePresentationNote = (language = 'en') => phrases(language).note;
export const OFFLINE_PRESENTATION_NOTE = PHRASES.en.note;

export interface DraftOutline {
  title: string;
  sections: OutlineSection[];
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const clip = (text: string, max: number) =>
  Array.from(text).length <= max
    ? text
    : `${Array.from(text)
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;

function splitList(text: string): string[] {
  return text
    .split(/\s*(?:[,;，；、،]|\band\b|\by\b)\s*/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 1);
}

/** "Solar power: panels, storage and the grid" gives sections panels, storage, the grid; otherwise the
 * topic's key terms become sections. Always an introduction first and a summary last. */
export function outlineFromTopic(topic: string, language = 'en'): DraftOutline {
  const w = phrases(language);
  const lines = topic
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  let title = lines[0] ?? topic.trim();
  let parts: string[] = [];
  if (lines.length > 1) {
    parts = lines.slice(1);
  } else {
    const colon = title.search(/[:：]/u);
    if (colon > 0) {
      parts = splitList(title.slice(colon + 1));
      title = title.slice(0, colon).trim();
    }
  }
  if (parts.length === 0) parts = keyTerms(topic, 4).map(capitalise);
  title = capitalise(clip(title, 200));
  const list = parts.join(w.join);
  const sections: OutlineSection[] = [
    {
      title: w.intro(title),
      points: [w.about(title), w.matters(title), parts.length > 0 ? w.covered(list) : w.coversGeneric].map(
        (p) => clip(p, 500),
      ),
    },
    ...parts.slice(0, 8).map((part) => ({
      title: clip(capitalise(part), 200),
      points: [w.means(part, title), w.facts(part), w.example(part)].map((p) => clip(p, 500)),
    })),
    {
      title: w.summary,
      points: [parts.length > 0 ? w.recap(title, list) : title, w.questions].map((p) => clip(p, 500)),
    },
  ];
  return { title, sections };
}

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+|(?<=[。！？])\s*/u)
    .map((s) => s.trim())
    .filter((s) => Array.from(s).length >= 12);
}

interface Heading {
  title: string;
  level: number;
}

/** A line that reads as a heading: markdown #, a numbered title, or a short line without end punctuation
 * that starts with a capital (or a script without case) and is followed by body text. */
function headingOf(line: string, next: string | undefined): Heading | null {
  const md = /^(#{1,6})\s+(.+)$/.exec(line);
  if (md) return { title: md[2].replace(/#+\s*$/, '').trim(), level: md[1].length };
  const words = line.split(/\s+/).length;
  const short = Array.from(line).length <= 80 && words <= 12;
  if (!short || /[.!?。！？,;:：，]$/u.test(line)) return null;
  const numbered = /^(\d+(?:\.\d+)*)[.)]?\s+(\S.*)$/u.exec(line);
  if (numbered) return { title: numbered[2], level: numbered[1].split('.').length + 1 };
  const startsLikeTitle = /^[\p{Lu}\p{Lo}]/u.test(line);
  const bodyFollows = next !== undefined && Array.from(next).length > Array.from(line).length;
  if (startsLikeTitle && bodyFollows && words >= 1) return { title: line, level: 2 };
  return null;
}

/** The sentences sharing most terms with the section, in their document order. */
function bestSentences(body: string[], heading: string, limit: number): string[] {
  const all = sentencesOf(body.join(' '));
  const terms = new Set(keyTerms(`${heading} ${all.join(' ')}`, 12));
  return all
    .map((sentence, order) => ({
      sentence,
      order,
      score: keyTerms(sentence, 30).filter((t) => terms.has(t)).length,
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .sort((a, b) => a.order - b.order)
    .map((s) => clip(s.sentence, 300));
}

export function outlineFromDocument(
  text: string,
  fileName = '',
  pages: string[] = [],
  language = 'en',
): DraftOutline {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const blocks: { heading: Heading | null; body: string[] }[] = [{ heading: null, body: [] }];
  lines.forEach((line, i) => {
    const heading = headingOf(line, lines[i + 1]);
    if (heading) blocks.push({ heading, body: [] });
    else blocks[blocks.length - 1].body.push(line);
  });
  const headed = blocks.filter((b) => b.heading !== null);
  const topLevel = headed.length > 0 ? Math.min(...headed.map((b) => b.heading!.level)) : 0;
  // The document's first line, when it is a heading of the top level and more headings follow, is its title.
  const first = headed[0];
  const titleBlock =
    first && blocks[0].body.length === 0 && first.heading!.level === topLevel && headed.length >= 3
      ? first
      : null;
  const fallbackTitle = fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  const title = clip(titleBlock?.heading?.title ?? (fallbackTitle || lines[0] || 'Presentation'), 200);

  let sections: OutlineSection[] = headed
    .filter((b) => b !== titleBlock && b.body.length > 0)
    .slice(0, 12)
    .map((b) => ({ title: clip(b.heading!.title, 200), points: bestSentences(b.body, b.heading!.title, 4) }))
    .filter((s) => s.points.length > 0);

  const usablePages = pages.filter((page) => sentencesOf(page).length > 0);
  if (sections.length < 2 && usablePages.length >= 2) {
    // No usable headings but pages: a section per page (pages grouped evenly beyond twelve).
    const groups = Math.min(12, usablePages.length);
    const size = Math.ceil(usablePages.length / groups);
    sections = [];
    for (let i = 0; i * size < usablePages.length; i++) {
      const text = usablePages.slice(i * size, (i + 1) * size).join('\n');
      const terms = keyTerms(text, 3).map(capitalise);
      sections.push({
        title: clip(terms.join(', ') || phrases(language).part(i + 1), 200),
        points: bestSentences([text], terms.join(' '), 4),
      });
    }
  }
  if (sections.length < 2) {
    // No usable headings: cut the sentences into up to six even parts, each named by its key terms.
    const all = sentencesOf(lines.join('\n'));
    const count = Math.min(6, Math.max(1, Math.ceil(all.length / 4)));
    const size = Math.ceil(all.length / count);
    sections = [];
    for (let i = 0; i < count && i * size < all.length; i++) {
      const part = all.slice(i * size, (i + 1) * size);
      const terms = keyTerms(part.join(' '), 3).map(capitalise);
      sections.push({
        title: clip(terms.join(', ') || phrases(language).part(i + 1), 200),
        points: bestSentences(part, terms.join(' '), 4),
      });
    }
  }
  return { title, sections: sections.filter((s) => s.points.length > 0) };
}

export function offlineSlide(section: OutlineSection, title: string, language = 'en'): Slide {
  const bullets =
    section.points.length > 0 ? section.points : [phrases(language).inTitle(section.title, title)];
  return { title: section.title, bullets: bullets.slice(0, 8), notes: offlinePresentationNote(language) };
}

/** Reads the Markdown outline a real model writes: "# Title", "## Section", "- point". */
export function parseOutlineMarkdown(text: string): DraftOutline {
  let title = '';
  const sections: OutlineSection[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    if (heading && heading[1].length === 1 && !title) title = heading[2].trim();
    else if (heading) sections.push({ title: clip(heading[2].trim().replace(/\*\*/g, ''), 200), points: [] });
    else {
      const point = /^(?:[-*•]|\d+[.)])\s+(.+)$/.exec(line);
      if (point && sections.length > 0 && sections[sections.length - 1].points.length < 8)
        sections[sections.length - 1].points.push(clip(point[1].replace(/\*\*/g, '').trim(), 500));
    }
  }
  return { title: clip(title, 200), sections: sections.slice(0, 30) };
}

/** Reads a real model's slide: "- bullet" lines, then "Notes:" and the speaker notes. */
export function parseSlideMarkdown(text: string, section: OutlineSection): Slide {
  const [body, ...notes] = text.split(/^\s*\**notes\**\s*:\s*/im);
  const bullets = body
    .split('\n')
    .map((l) => /^\s*(?:[-*•]|\d+[.)])\s+(.+)$/.exec(l)?.[1]?.replace(/\*\*/g, '').trim())
    .filter((b): b is string => Boolean(b))
    .slice(0, 8)
    .map((b) => clip(b, 500));
  return {
    title: section.title,
    bullets: bullets.length > 0 ? bullets : section.points,
    notes: clip(notes.join(' ').trim(), 2000),
  };
}
