import { describe, expect, it } from 'vitest';
import {
  composeWritingAnswer,
  extractiveSummary,
  fixSpelling,
  lengthen,
  shorten,
} from '../../server/providers/ai/offline-writing';

const article =
  'Solar panels turn sunlight into electricity. The weather was nice on Tuesday. ' +
  'Modern solar panels convert about a fifth of the sunlight into electricity. ' +
  'My cat likes boxes. Cheaper solar panels made electricity from sunlight common in many homes.';

describe('offline model writing actions', () => {
  it('summarises by keeping the sentences that carry the key terms, in their order', () => {
    const summary = extractiveSummary(article);
    expect(summary).toBe(
      'Solar panels turn sunlight into electricity. Modern solar panels convert about a fifth of the sunlight into electricity.',
    );
    expect(summary).not.toMatch(/cat|weather/);
  });

  it('shortens wordy phrases and filler words', () => {
    expect(
      shorten('In order to win, we really need to practise very hard due to the fact that they are strong.'),
    ).toBe('To win, we need to practise hard because they are strong.');
  });

  it('lengthens by spelling out contractions and restating the key terms', () => {
    const longer = lengthen("We can't stop now. The garden project isn't finished.");
    expect(longer.startsWith('We cannot stop now. The garden project is not finished.')).toBe(true);
    expect(longer.length).toBeGreaterThan(60);
    expect(longer).toMatch(/In other words, this passage is about .*garden/);
  });

  it('fixes common misspellings, doubled words, a lone i and sentence capitals', () => {
    expect(fixSpelling('i definately recieved teh the letter .  it was wierd')).toBe(
      'I definitely received the letter. It was weird',
    );
  });

  it('says plainly that it cannot translate, and answers questions from the selection', () => {
    expect(
      composeWritingAnswer({
        action: 'translate',
        selection: 'Hello',
        question: '',
        translateLanguage: 'French',
      }),
    ).toMatch(/cannot translate into French/);
    const answer = composeWritingAnswer({ action: 'ask', selection: article, question: 'What about cats?' });
    expect(answer).toContain('- My cat likes boxes.');
  });

  it('is deterministic', () => {
    const task = { action: 'summarize' as const, selection: article, question: '' };
    expect(composeWritingAnswer(task)).toBe(composeWritingAnswer(task));
  });
});
