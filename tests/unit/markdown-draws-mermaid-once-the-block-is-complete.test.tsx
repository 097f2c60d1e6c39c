// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown';
import { isClosedFence } from '../../src/ui/markdown/stream';

afterEach(cleanup);

describe('mermaid blocks', () => {
  it('stay code while the answer is still streaming the block', async () => {
    const { rerender } = render(<Markdown text={'Here:\n\n```mermaid\ngraph TD\n  A-->'} streaming />);
    rerender(<Markdown text={'Here:\n\n```mermaid\ngraph TD\n  A-->B\n``'} streaming />);
    // Give a lazy import a chance to start if it (wrongly) were going to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('code-block').querySelector('pre code')?.textContent).toContain('A-->B');
    expect(screen.queryByTestId('diagram-error')).toBeNull();
    expect(screen.queryByTestId('mermaid')).toBeNull();
  });

  it('are drawn as soon as their closing fence arrives, even while the answer goes on', async () => {
    render(<Markdown text={'```mermaid\ngraph TD\n  A-->>>{{{\n```\n\nAnd the'} streaming />);
    // jsdom cannot lay out SVG, so reaching mermaid shows up here as its error note.
    expect(await screen.findByTestId('diagram-error', {}, { timeout: 15_000 })).toBeTruthy();
  }, 20_000);

  it('show the code with a translated note when the diagram has a syntax error', async () => {
    render(<Markdown text={'```mermaid\ngraph TD\n  A-->>>{{{\n```'} />);
    expect((await screen.findByTestId('diagram-error', {}, { timeout: 15_000 })).textContent).toBe(
      'markdown.diagramError',
    );
    expect(screen.getByTestId('code-block').textContent).toContain('A-->>>{{{');
    // mermaid's own error graphic must not be left behind in <body>.
    expect(document.body.querySelector('[id^="dmermaid"]')).toBeNull();
  }, 20_000);
});

describe('isClosedFence', () => {
  it('sees a block as complete only once its closing fence has arrived', () => {
    expect(isClosedFence('```mermaid\ngraph TD')).toBe(false);
    expect(isClosedFence('```mermaid\ngraph TD\n``')).toBe(false);
    expect(isClosedFence('````mermaid\ngraph TD\n```')).toBe(false);
    expect(isClosedFence('```mermaid\ngraph TD\n```')).toBe(true);
    expect(isClosedFence('~~~mermaid\ngraph TD\n~~~ ')).toBe(true);
    expect(isClosedFence('```mermaid\n> graph TD\n> ```')).toBe(true);
  });
});
