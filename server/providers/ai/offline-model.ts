// Parley's built-in offline model: no AI, no network. It answers deterministically from the conversation
// itself (an extractive reply), and says plainly what it is.
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/contract/index.js';
import { composeDocumentAnswer } from './offline-documents.js';
import { offlinePhrases } from './offline-phrases.js';
import { CJK, keyTerms, wordsOf } from './offline-terms.js';
import { composeWritingAnswer } from './offline-writing.js';
import type { AiProvider, ChatTurn, CompletionRequest } from './provider.js';

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|(?<=[。！？])\s*|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Earlier sentences of the conversation that share the most terms with the question. */
export function relatedEarlierSentences(history: ChatTurn[], question: string, limit = 3): string[] {
  const terms = new Set(keyTerms(question, 20));
  if (terms.size === 0) return [];
  const scored: { sentence: string; score: number; order: number }[] = [];
  let order = 0;
  for (const turn of history) {
    if (turn.role !== 'user') continue;
    for (const sentence of sentences(turn.content)) {
      const score = keyTerms(sentence, 50).filter((t) => terms.has(t)).length;
      if (score > 0) scored.push({ sentence, score, order: order++ });
    }
  }
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.sentence);
}

export function composeOfflineAnswer(messages: ChatTurn[], language: Language = DEFAULT_LANGUAGE): string {
  const say = offlinePhrases(language);
  const lastUserIndex = messages.map((m) => m.role).lastIndexOf('user');
  const question = lastUserIndex >= 0 ? messages[lastUserIndex].content : '';
  const history = messages.slice(0, Math.max(0, lastUserIndex));
  const words = wordsOf(question).length;
  const terms = keyTerms(question);
  const related = relatedEarlierSentences(history, question);
  const quoted = question
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

  const parts = [
    `*${say.chatNote}*`,
    '',
    `**${say.youWrote}${say.colon}**`,
    '',
    quoted,
    '',
    // The colon stays outside the bold: markdown does not close `**` between a full-width colon and the
    // character after it (`**字数：**15` shows its asterisks), and Chinese puts no space after `：`.
    `**${say.words}**${say.colon}${say.space}${words}${say.stop}${say.space}**${say.keyTerms}**${say.colon}${say.space}${terms.length ? terms.join(say.separator) : say.none}${say.stop}`,
  ];
  if (related.length > 0) {
    parts.push('', `**${say.relatedEarlier}${say.colon}**`, '', ...related.map((s) => `- ${s}`));
  }
  parts.push('', say.setup);
  return parts.join('\n');
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Splits text into small pieces (a word and its trailing space) the way a model streams tokens. */
export function toPieces(text: string): string[] {
  const pieces: string[] = [];
  for (const run of text.match(/\S+\s*|\s+/g) ?? []) {
    if (!CJK.test(run)) {
      pieces.push(run);
      continue;
    }
    // Chinese has no spaces between words: split by its words (punctuation joins the word before it), or a
    // whole Chinese paragraph arrived as one piece.
    let started = false;
    for (const { segment, isWordLike } of words.segment(run)) {
      if (!isWordLike && started) pieces[pieces.length - 1] += segment;
      else pieces.push(segment);
      started = true;
    }
  }
  return pieces;
}

export function createOfflineModel(options: { chunkDelayMs: number }): AiProvider {
  return {
    offline: true,
    async *stream(request: CompletionRequest) {
      const answer = request.writing
        ? composeWritingAnswer(request.writing, request.language)
        : request.sources
          ? composeDocumentAnswer(request.messages, request.sources, request.language)
          : composeOfflineAnswer(request.messages, request.language);
      // A continuation: the same answer, after the part already sent (the model is deterministic).
      let skip = request.prefix && answer.startsWith(request.prefix) ? request.prefix.length : 0;
      for (const whole of toPieces(answer)) {
        const piece = whole.slice(Math.min(skip, whole.length));
        skip = Math.max(0, skip - whole.length);
        if (!piece) continue;
        if (request.signal.aborted) return;
        if (options.chunkDelayMs > 0)
          await sleep(options.chunkDelayMs, undefined, { signal: request.signal }).catch(() => {});
        if (request.signal.aborted) return;
        yield piece;
      }
    },
  };
}
