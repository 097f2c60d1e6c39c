// @vitest-environment jsdom
// An answer mixing scripts (an Arabic reply quoting a Dutch page, an English one quoting Arabic) reads right only
// if each block takes its direction from its own text: one direction for the whole answer put the Dutch list's
// commas and full stops at the wrong end of its lines in an Arabic chat.
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown';

afterEach(cleanup);

it('marks every paragraph, heading, quote, list and list item to take its own direction', () => {
  const answer = [
    '## ملخص',
    '',
    'هذه فقرة بالعربية.',
    '',
    '- Linzensoep a la Waterman, 4 ons linzen.',
    '- Als de linzen gaar zijn is de soep klaar.',
    '',
    '1. first',
    '',
    '> اقتباس قصير',
  ].join('\n');
  const { container } = render(<Markdown text={answer} />);
  const blocks = [...container.querySelectorAll('.markdown :is(h2, p, ul, ol, li, blockquote)')];
  expect(blocks.map((node) => node.tagName.toLowerCase())).toEqual([
    'h2',
    'p',
    'ul',
    'li',
    'li',
    'ol',
    'li',
    'blockquote',
    'p',
  ]);
  expect(blocks.every((node) => node.getAttribute('dir') === 'auto')).toBe(true);
});
