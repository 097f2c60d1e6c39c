// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Toasts } from '../../src/ui/kit/toast';
import { Markdown } from '../../src/ui/markdown/Markdown';

// jsdom has no async clipboard: the one thing replaced.
const writeText = vi.fn(async (_text: string) => {});
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
afterEach(cleanup);

const answer = 'Try this:\n\n```python\nfor i in range(3):\n    print("<hi>", i)\n```\n\nand `inline` code.';

it('shows a code block with its language, highlighted, and inline code stays inline', async () => {
  const { container } = render(<Markdown text={answer} />);
  const block = screen.getByTestId('code-block');
  expect(block.querySelector('.code-language')?.textContent).toBe('python');
  expect(block.querySelector('pre code')?.textContent).toBe('for i in range(3):\n    print("<hi>", i)\n');
  // highlight.js arrives after the first drawing (its own chunk).
  await waitFor(() => expect(block.querySelector('.hljs-keyword')?.textContent).toBe('for'));
  expect(screen.getAllByTestId('code-block')).toHaveLength(1);
  expect(container.querySelector('p code')?.textContent).toBe('inline');
});

it('copies exactly the code (without the trailing newline) and confirms with a toast', async () => {
  render(
    <>
      <Toasts />
      <Markdown text={answer} />
    </>,
  );
  const button = screen.getByTestId('copy-code');
  expect(button.textContent).toBe('markdown.copy');
  fireEvent.click(button);
  await waitFor(() => expect(writeText).toHaveBeenCalledWith('for i in range(3):\n    print("<hi>", i)'));
  await waitFor(() => expect(button.textContent).toBe('markdown.copied'));
  expect(await screen.findByText('common.copySuccess')).toBeTruthy();
});

it('labels a block without a language as text', () => {
  render(<Markdown text={'```\nplain\n```'} />);
  expect(screen.getByTestId('code-block').querySelector('.code-language')?.textContent).toBe('text');
});
