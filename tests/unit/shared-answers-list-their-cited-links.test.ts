import { describe, expect, it } from 'vitest';
import { citationsOf } from '../../server/services/shares';

describe('citations on share pages', () => {
  it('lists each http(s) link an answer cites once, in order, and ignores other schemes', () => {
    const answer = [
      'See [the guide](https://example.org/guide) and [MDN](http://developer.mozilla.org/x).',
      'Again [the guide](https://example.org/guide), not [this](javascript:alert(1)) or [mail](mailto:a@b.c).',
    ].join('\n');
    expect(citationsOf(answer)).toEqual([
      { title: 'the guide', url: 'https://example.org/guide' },
      { title: 'MDN', url: 'http://developer.mozilla.org/x' },
    ]);
    expect(citationsOf('No links here.')).toEqual([]);
  });
});
