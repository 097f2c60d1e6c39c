// Presentations from Parley's built-in offline model: no AI. An outline is built from the words of a topic
// or from a document's headings and sentences, deterministically; slides reuse the outline's points.
import type { OutlineSection, Slide } from '../../../src/api/contract-creation.js';
import { keyTerms } from './offline-model.js';

export const OFFLINE_PRESENTATION_NOTE =
  "Built by Parley's offline model (no AI provider is configured): extracted from your own words.";

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
    .split(/\s*(?:[,;，；、]|\band\b|\by\b|و)\s*/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 1);
}

/** "Solar power: panels, storage and the grid" gives sections panels, storage, the grid; otherwise the
 * topic's key terms become sections. Always an introduction first and a summary last. */
export function outlineFromTopic(topic: string): DraftOutline {
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
  const sections: OutlineSection[] = [
    {
      title: `Introduction: ${title}`,
      points: [
        `What ${title} is about`,
        `Why ${title} matters`,
        parts.length > 0 ? `Covered here: ${parts.join(', ')}` : `What this presentation covers`,
      ].map((p) => clip(p, 500)),
    },
    ...parts.slice(0, 8).map((part) => ({
      title: clip(capitalise(part), 200),
      points: [`What ${part} means for ${title}`, `Key facts about ${part}`, `An example of ${part}`].map(
        (p) => clip(p, 500),
      ),
    })),
    {
      title: 'Summary',
      points: [parts.length > 0 ? `${title}: ${parts.join(', ')}` : title, 'Questions and discussion'].map(
        (p) => clip(p, 500),
      ),
    },
  ];
  return { title, sections };
}

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?。！？])\s+/u)
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

export function outlineFromDocument(text: string, fileName = '', pages: string[] = []): DraftOutline {
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
        title: clip(terms.join(', ') || `Part ${i + 1}`, 200),
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
        title: clip(terms.join(', ') || `Part ${i + 1}`, 200),
        points: bestSentences(part, terms.join(' '), 4),
      });
    }
  }
  return { title, sections: sections.filter((s) => s.points.length > 0) };
}

export function offlineSlide(section: OutlineSection, title: string): Slide {
  const bullets = section.points.length > 0 ? section.points : [`${section.title} in ${title}`];
  return { title: section.title, bullets: bullets.slice(0, 8), notes: OFFLINE_PRESENTATION_NOTE };
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
