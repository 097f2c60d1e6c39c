// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown';

afterEach(cleanup);

it('never turns raw HTML in an answer into elements, and keeps it readable as text', () => {
  const { container } = render(
    <Markdown
      text={[
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(2)>',
        '<iframe src="https://evil.example"></iframe>',
        'Use the <div> element with <a href="javascript:alert(3)">a link</a>.',
        '> <svg onload=alert(4)>',
      ].join('\n\n')}
    />,
  );
  for (const tag of ['script', 'img', 'iframe', 'div div', 'a', 'svg']) {
    expect(container.querySelector(`.markdown ${tag}`), tag).toBeNull();
  }
  expect(container.querySelector('[onerror], [onload]')).toBeNull();
  expect(container.textContent).toContain('<script>alert(1)</script>');
  expect(container.textContent).toContain('Use the <div> element');
});
