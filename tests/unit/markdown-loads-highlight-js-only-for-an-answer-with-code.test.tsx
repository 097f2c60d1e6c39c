// @vitest-environment jsdom
// highlight.js is a chunk of its own: an answer without code never asks for it; one with code is drawn plain at
// once and coloured when it arrives, and answers drawn after that are coloured at their first drawing.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { highlighterRequested } from '../../src/ui/markdown/highlighter';
import { Markdown } from '../../src/ui/markdown/Markdown';

afterEach(cleanup);

const code = 'for i in range(3):\n    print(i)\n';

// The order matters: the highlighter is loaded once per page, and this file is one page.
it('an answer without code (inline code, a block with no language) does not load the highlighter', async () => {
  const { container } = render(
    <Markdown
      text={'# Rivers\n\n- a **delta** is `flat`\n- a fjord is deep\n\n```\nno language here\n```\n'}
    />,
  );
  expect(container.querySelector('h1')?.textContent).toBe('Rivers');
  expect(screen.getByTestId('code-block').querySelector('pre code')?.textContent).toBe('no language here\n');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(highlighterRequested()).toBe(false);
  expect(container.querySelector('.hljs')).toBeNull();
});

it('an answer with code shows it plain at once, then highlighted, with the same text and its copy button', async () => {
  render(<Markdown text={`Try:\n\n\`\`\`python\n${code}\`\`\`\n`} />);
  const block = screen.getByTestId('code-block');
  expect(highlighterRequested()).toBe(true);
  expect(block.querySelector('pre code')?.textContent).toBe(code);
  expect(block.querySelector('.hljs')).toBeNull();
  await waitFor(() => expect(block.querySelector('.hljs-keyword')?.textContent).toBe('for'));
  expect(block.querySelector('pre code')?.classList.contains('hljs')).toBe(true);
  expect(block.querySelector('pre code')?.textContent).toBe(code);
  expect(screen.getByTestId('copy-code').textContent).toBe('markdown.copy');
});

it('once loaded, a new answer with code is highlighted at its first drawing', () => {
  render(<Markdown text={'```js\nconst x = 1;\n```'} />);
  expect(screen.getByTestId('code-block').querySelector('.hljs-keyword')?.textContent).toBe('const');
});
