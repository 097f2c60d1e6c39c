// The offline model's writing actions: real, deterministic text work without AI (extractive summary,
// shortening, lengthening, common spelling fixes); translation it says plainly it cannot do.
import { DEFAULT_LANGUAGE, type Language, OUTPUT_LANGUAGES } from '../../../common/contract/index.js';
import { listInLanguage, offlinePhrases } from './offline-phrases.js';
import { contentWords, keyTerms } from './offline-terms.js';
import type { WritingTask } from './provider.js';

export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?。！？\n]+(?:[.!?。！？]+|$)/gu) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** Sentences ranked by how many of the text's key terms they carry; the best ones, in their original order. */
export function extractiveSummary(text: string, maxSentences = 3): string {
  const all = splitSentences(text);
  if (all.length <= 1) return all.join(' ');
  const terms = keyTerms(text, 12);
  const weight = new Map(terms.map((term, index) => [term, terms.length - index]));
  const keep = Math.min(maxSentences, Math.max(1, Math.ceil(all.length / 3)));
  const scored = all.map((sentence, order) => {
    const words = contentWords(sentence);
    const score =
      words.reduce((sum, word) => sum + (weight.get(word) ?? 0), 0) / Math.sqrt(words.length || 1);
    return { sentence, order, score };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, keep)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.sentence)
    .join(' ');
}

const FILLERS =
  /\b(?:very|really|just|actually|basically|quite|rather|simply|literally|totally|completely|definitely|certainly|somewhat|in order)\s+/gi;
const WORDY: [RegExp, string][] = [
  [/\bin order to\b/gi, 'to'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bat this point in time\b/gi, 'now'],
  [/\bin spite of the fact that\b/gi, 'although'],
  [/\bfor the purpose of\b/gi, 'for'],
  [/\bin the event that\b/gi, 'if'],
  [/\ba large number of\b/gi, 'many'],
  [/\bis able to\b/gi, 'can'],
];

function keepCase(original: string, replacement: string): string {
  if (original[0] && original[0] === original[0].toUpperCase() && original[0] !== original[0].toLowerCase())
    return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Wordy phrases and filler words removed; a long text also loses its least central sentences. */
export function shorten(text: string): string {
  let result = text;
  for (const [pattern, short] of WORDY) result = result.replace(pattern, (m) => keepCase(m, short));
  result = result
    .replace(FILLERS, '')
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/[ \t]{2,}/g, ' ');
  const sentences = splitSentences(result);
  if (sentences.length > 3) result = extractiveSummary(result, Math.ceil(sentences.length * 0.6));
  return result.trim();
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\b(\w+)n't\b/gi, '$1 not'],
  [/\b(\w+)'re\b/gi, '$1 are'],
  [/\b(\w+)'ll\b/gi, '$1 will'],
  [/\b(\w+)'ve\b/gi, '$1 have'],
  [/\bI'm\b/g, 'I am'],
  [/\bit's\b/gi, 'it is'],
];

/** Contractions spelled out, and a closing sentence (in the caller's language) that restates the text's key terms. */
export function lengthen(text: string, language: Language = DEFAULT_LANGUAGE): string {
  let result = text.trim();
  for (const [pattern, long] of CONTRACTIONS)
    result = result.replace(pattern, (m, ...groups) => {
      const filled = long.replace('$1', String(groups[0] ?? ''));
      return keepCase(m, filled);
    });
  const terms = keyTerms(text, 3);
  if (terms.length === 0) return result;
  const say = offlinePhrases(language);
  const ending = /[.!?。！？]$/u.test(result) ? '' : say.stop;
  return `${result}${ending}${say.space}${say.lengthenEnding(listInLanguage(terms, language))}`;
}

const MISSPELLINGS: Record<string, string> = {
  teh: 'the',
  recieve: 'receive',
  recieved: 'received',
  definately: 'definitely',
  seperate: 'separate',
  occured: 'occurred',
  occurence: 'occurrence',
  untill: 'until',
  wich: 'which',
  alot: 'a lot',
  beleive: 'believe',
  accomodate: 'accommodate',
  acheive: 'achieve',
  adress: 'address',
  begining: 'beginning',
  calender: 'calendar',
  comming: 'coming',
  concious: 'conscious',
  enviroment: 'environment',
  existance: 'existence',
  goverment: 'government',
  independant: 'independent',
  knowlege: 'knowledge',
  neccessary: 'necessary',
  noticable: 'noticeable',
  persue: 'pursue',
  posession: 'possession',
  prefered: 'preferred',
  recomend: 'recommend',
  refered: 'referred',
  relevent: 'relevant',
  succesful: 'successful',
  tommorow: 'tomorrow',
  truely: 'truly',
  wierd: 'weird',
  thier: 'their',
  becuase: 'because',
  freind: 'friend',
  finaly: 'finally',
  arguement: 'argument',
  buisness: 'business',
  publically: 'publicly',
  realy: 'really',
  speach: 'speech',
  writting: 'writing',
};

/** Common misspellings, a doubled word, a lone lower-case "i", spacing before punctuation, sentence capitals. */
export function fixSpelling(text: string): string {
  let result = text.replace(/\b[\p{L}']+\b/gu, (word) => {
    const fixed = MISSPELLINGS[word.toLowerCase()];
    return fixed ? keepCase(word, fixed) : word;
  });
  result = result
    .replace(/\b(\w+)\s+\1\b/gi, '$1')
    .replace(/\bi\b/g, 'I')
    .replace(/[ \t]+([,.;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
  return result.trim();
}

/** A crude stem (plural and common endings) so "cats" finds "cat". */
const stem = (word: string) => word.replace(/(?:ies|es|s|ing|ed)$/u, '') || word;

function answerFrom(selection: string, question: string, language: Language): string {
  const say = offlinePhrases(language);
  const terms = new Set(keyTerms(question, 20).map(stem));
  const related = splitSentences(selection).filter((sentence) =>
    keyTerms(sentence, 50).some((term) => terms.has(stem(term))),
  );
  const lines = [`*${say.writingNote}*`, ''];
  if (related.length > 0)
    lines.push(`${say.selectionConcerns}${say.colon}`, '', ...related.slice(0, 5).map((s) => `- ${s}`));
  else if (selection.trim())
    lines.push(`${say.selectionSummary}${say.colon}${say.space}${extractiveSummary(selection)}`);
  else
    lines.push(
      `${say.questionTerms}${say.colon}${say.space}${[...terms].slice(0, 5).join(say.separator) || say.none}${say.stop}`,
    );
  return lines.join('\n');
}

/** The translation target (an English language name) as the caller's language names it. */
function targetName(target: string | undefined, language: Language): string | undefined {
  const code = OUTPUT_LANGUAGES.find((l) => l.code !== 'Auto' && l.english === target)?.code;
  if (!code) return target;
  return (
    new Intl.DisplayNames([language], { type: 'language' }).of(code === 'zh' ? 'zh-Hans' : code) ?? target
  );
}

export function composeWritingAnswer(task: WritingTask, language: Language = DEFAULT_LANGUAGE): string {
  const source = task.selection.trim() || task.question.trim();
  switch (task.action) {
    case 'summarize':
      return extractiveSummary(source);
    case 'shorter':
      return shorten(source);
    case 'longer':
      return lengthen(source, language);
    case 'fixSpelling':
      return fixSpelling(source);
    case 'translate':
      return offlinePhrases(language).cannotTranslate(targetName(task.translateLanguage, language));
    default:
      return answerFrom(task.selection, task.question, language);
  }
}
