// @vitest-environment jsdom
// Answers are read as GitHub-flavoured Markdown (src/ui/markdown/gfm.ts: the parser's extensions only).
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown';

afterEach(cleanup);

it('draws tables, task lists, strikethrough, bare links and footnotes', () => {
  const { container } = render(
    <Markdown
      text={[
        '| River | Length |',
        '| :--- | ---: |',
        '| Nile | 6,650 km |',
        '',
        '- [x] read the map',
        '- [ ] cross the delta',
        '',
        'A ~~fjord~~ delta, see www.example.org and https://example.com/maps.',
        '',
        'Deltas are young[^1].',
        '',
        '[^1]: Most formed in the last 7,000 years.',
      ].join('\n')}
    />,
  );
  expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['River', 'Length']);
  expect(container.querySelector('td:last-child')?.textContent).toBe('6,650 km');
  const boxes = [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  expect(boxes.map((box) => box.checked)).toEqual([true, false]);
  expect(container.querySelector('del')?.textContent).toBe('fjord');
  expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(
    expect.arrayContaining(['http://www.example.org', 'https://example.com/maps']),
  );
  expect(container.textContent).toContain('Most formed in the last 7,000 years.');
});
