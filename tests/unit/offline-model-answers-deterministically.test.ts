import { describe, expect, it } from 'vitest';
import { parseModelMap } from '../../server/config';
import { composeDocumentAnswer } from '../../server/providers/ai/offline-documents';
import {
  composeOfflineAnswer,
  createOfflineModel,
  relatedEarlierSentences,
  toPieces,
} from '../../server/providers/ai/offline-model';
import { keyTerms } from '../../server/providers/ai/offline-terms';
import { channelNameFrom } from '../../server/services/chat/chat';
import { createLocalRateLimiter } from '../../server/services/rate-limit';

describe('the built-in offline model', () => {
  const conversation = [
    { role: 'user' as const, content: 'My garden has tomatoes. The roses need pruning in March.' },
    { role: 'assistant' as const, content: 'Noted.' },
    { role: 'user' as const, content: 'When should I prune the roses?' },
  ];

  it('says what it is, quotes the question and answers the same way every time', () => {
    const answer = composeOfflineAnswer(conversation);
    expect(answer).toBe(composeOfflineAnswer(conversation));
    expect(answer).toContain('Parley offline model');
    expect(answer).toContain('> When should I prune the roses?');
  });

  it("writes its own sentences in the caller's language, the quoted question as written", () => {
    const chinese = composeOfflineAnswer(conversation, 'zh');
    expect(chinese).toContain('**你写道：**');
    expect(chinese).toContain('> When should I prune the roses?');
    expect(chinese).toContain('**字数**：6。**关键词**：prune、roses、should。');
    expect(chinese).toContain('**你之前说过的相关内容：**');
    expect(chinese).not.toMatch(/You wrote|Key terms|Related things/);
    const document = composeDocumentAnswer(conversation, [], 'ar');
    expect(document).toContain('لا تحتوي المستندات على نص يمكن اقتباسه.');
    expect(document).not.toMatch(/offline model|documents contain/);
  });

  it('brings back related things said earlier in the conversation', () => {
    expect(relatedEarlierSentences(conversation.slice(0, 2), 'When should I prune the roses?')).toEqual([
      'The roses need pruning in March.',
    ]);
    expect(composeOfflineAnswer(conversation)).toContain('- The roses need pruning in March.');
  });

  it('streams pieces that join back to the whole answer', () => {
    const answer = composeOfflineAnswer(conversation);
    expect(toPieces(answer).join('')).toBe(answer);
  });

  it('streams a Chinese answer word by word, not a paragraph at a time', () => {
    const answer = composeOfflineAnswer(
      [{ role: 'user', content: '请介绍一下长城的历史，并列出三个有名的关口。' }],
      'zh',
    );
    const pieces = toPieces(answer);
    expect(pieces.join('')).toBe(answer);
    // The disclaimer line alone (about 40 characters, no spaces) was a single piece.
    expect(pieces.length).toBeGreaterThan(40);
    const chinese = pieces.filter((piece) => /\p{Script=Han}/u.test(piece));
    expect(Math.max(...chinese.map((piece) => Array.from(piece).length))).toBeLessThanOrEqual(6);
    expect(pieces).toContain('长城');
  });

  it('ranks key terms by frequency, without stop words', () => {
    expect(keyTerms('the cat and the cat and a dog')).toEqual(['cat', 'dog']);
  });

  it('counts and picks Chinese words, which are written without spaces', () => {
    const question = '请用三段话介绍一下长城的历史，并列出三个有名的关口。长城有多长？';
    // A whitespace split counted this as 1 word and gave whole clauses as its key terms.
    const answer = composeOfflineAnswer([{ role: 'user', content: question }], 'zh');
    expect(answer).toMatch(/\*\*字数\*\*：(1[5-9]|2\d)。/);
    expect(keyTerms(question, 3)[0]).toBe('长城');
    expect(keyTerms(question, 20)).toEqual(expect.arrayContaining(['历史', '介绍']));
    expect(keyTerms(question, 20).every((term) => Array.from(term).length <= 4)).toBe(true);
    // Earlier Chinese sentences end in 。 with no space after it and are still told apart.
    const earlier = [{ role: 'user' as const, content: '我家花园里有番茄。玫瑰三月需要修剪。' }];
    expect(relatedEarlierSentences(earlier, '玫瑰什么时候修剪？')).toEqual(['玫瑰三月需要修剪。']);
  });
});

describe('server helpers', () => {
  it('reads AI_MODEL_MAP pairs', () => {
    expect(parseModelMap('Standard=gpt-4o-mini, GPT-4 = gpt-4.1,broken')).toEqual({
      Standard: 'gpt-4o-mini',
      'GPT-4': 'gpt-4.1',
    });
    expect(parseModelMap(undefined)).toEqual({});
  });

  it('names a new chat after the first line of its first message', () => {
    expect(channelNameFrom('  Plan the trip\nwith details')).toBe('Plan the trip');
    expect(channelNameFrom('x'.repeat(80))).toHaveLength(50);
    expect(channelNameFrom('   ')).toBe('New chat');
  });

  it('continues an answer after any prefix of it (cut mid-word too) with exactly the rest', async () => {
    const model = createOfflineModel({ chunkDelayMs: 0 });
    const conversation = [
      { role: 'user' as const, content: 'Pack for a glacier walk: boots, crampons, layers.' },
    ];
    const answer = composeOfflineAnswer(conversation);
    for (const cut of [0, 1, 37, Math.floor(answer.length / 2), answer.length - 1]) {
      const prefix = answer.slice(0, cut);
      let rest = '';
      for await (const piece of model.stream({
        model: 'Standard',
        messages: conversation,
        signal: new AbortController().signal,
        ...(prefix ? { prefix } : {}),
      }))
        rest += piece;
      expect(prefix + rest).toBe(answer);
    }
  });

  it('rate limits per key within a window', async () => {
    const limiter = createLocalRateLimiter('unit', 2, 60_000);
    const taken = [];
    for (const key of ['ip', 'ip', 'ip', 'other']) taken.push(await limiter.take(key));
    expect(taken).toEqual([true, true, false, true]);
  });
});
