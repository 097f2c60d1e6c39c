// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown';
import { safeHref } from '../../src/ui/markdown/safe-url';

afterEach(cleanup);

describe('markdown answers', () => {
  it('keeps http, https, mailto, tel, relative and anchor links', () => {
    const { container } = render(
      <Markdown text="[a](https://x.org) [b](http://x.org) [c](mailto:me@x.org) [d](tel:+123) [e](/chat/1) [f](#top)" />,
    );
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://x.org',
      'http://x.org',
      'mailto:me@x.org',
      'tel:+123',
      '/chat/1',
      '#top',
    ]);
    expect(container.querySelector('a[href="https://x.org"]')?.getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
  });

  it('renders javascript:, data: and vbscript: links as plain text', () => {
    const { container } = render(
      <Markdown text="[x](javascript:alert(1)) [y](data:text/html,<b>hi</b>) [z](vbscript:msgbox) [w](JaVa%0ascript:alert(1))" />,
    );
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('x');
    expect(container.textContent).toContain('y');
  });

  it('does not render raw HTML from the answer', () => {
    const { container } = render(
      <Markdown text={'<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\nok'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('ok');
  });

  it('reads dollar amounts as text, not math', () => {
    const { container } = render(<Markdown text="It costs $5 and $10 in total." />);
    expect(container.textContent).toBe('It costs $5 and $10 in total.');
  });

  it('shows code blocks with their language and a copy button', () => {
    const { getByTestId } = render(<Markdown text={'```python\nprint("hi")\n```'} />);
    expect(getByTestId('code-block').textContent).toContain('python');
    expect(getByTestId('code-block').textContent).toContain('print("hi")');
    expect(getByTestId('copy-code')).toBeTruthy();
  });

  it('rejects schemes hidden behind whitespace or control characters', () => {
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref(' javascript:alert(1)')).toBeNull();
    expect(safeHref('HTTPS://example.com')).toBe('HTTPS://example.com');
  });
});
