// The offline model in a document chat: an extractive answer, the sentences of the sources that share the
// most words with the question, each followed by its source marker [n] (which the client shows as a
// superscript that opens the page).
import { DEFAULT_LANGUAGE, type Language } from '../../../common/contract/index.js';
import { offlinePhrases } from './offline-phrases.js';
import { keyTerms } from './offline-terms.js';
import type { ChatTurn, GroundingSource } from './provider.js';

const MAX_SENTENCES = 4;

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|(?<=[。！？])\s*|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

export function composeDocumentAnswer(
  messages: ChatTurn[],
  sources: GroundingSource[],
  language: Language = DEFAULT_LANGUAGE,
): string {
  const say = offlinePhrases(language);
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const terms = new Set(keyTerms(question, 20));
  const scored: { sentence: string; n: number; score: number; order: number }[] = [];
  let order = 0;
  for (const source of sources) {
    for (const sentence of sentencesOf(source.text)) {
      const words = new Set(keyTerms(sentence, 60));
      let score = 0;
      for (const term of terms) if (words.has(term)) score++;
      scored.push({ sentence, n: source.n, score, order: order++ });
    }
  }
  const matching = scored.filter((s) => s.score > 0);
  // Nothing matches (a "summarise" kind of question): the opening sentences of the sources.
  const chosen = (matching.length ? matching.sort((a, b) => b.score - a.score || a.order - b.order) : scored)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.order - b.order);
  const lines = [`*${say.documentsNote}*`, ''];
  if (chosen.length === 0) lines.push(say.noDocumentText);
  // A document's own bracketed numbers (footnote marks, a paper's reference marks) are escaped, so the answer
  // shows them as written instead of as citation superscripts that open the wrong page.
  for (const item of chosen)
    lines.push(`- ${item.sentence.replace(/\[(\d{1,3})\]/g, '\\[$1\\]')} [${item.n}]`);
  return lines.join('\n');
}
