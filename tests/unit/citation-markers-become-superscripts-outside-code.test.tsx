// @vitest-environment jsdom
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { composeDocumentAnswer } from '../../server/providers/ai/offline-documents';
import { citationNumber, linkCitations } from '../../src/ui/markdown/citations';
import { Markdown } from '../../src/ui/markdown/Markdown';

describe('citation markers', () => {
  it('link [n] in prose but not in code, links or footnote definitions', () => {
    expect(linkCitations('Lit at six [2]. Cleaned [10][3].')).toBe(
      'Lit at six [2](#cite-2). Cleaned [10](#cite-10)[3](#cite-3).',
    );
    expect(linkCitations('Use `a[1]` and\n```\nb[2]\n```\nthen [4]')).toBe(
      'Use `a[1]` and\n```\nb[2]\n```\nthen [4](#cite-4)',
    );
    expect(linkCitations('[1](https://x.test) and [2]: note and [x]')).toBe(
      '[1](https://x.test) and [2]: note and [x]',
    );
  });

  it('count only digits as a citation', () => {
    expect(citationNumber('#cite-12')).toBe(12);
    expect(citationNumber('#cite-1a')).toBeNull();
  });

  it('render as superscript buttons that report their number, only when the answer is grounded', () => {
    const onCite = vi.fn();
    const view = render(<Markdown text={'The lamp is lit at sunset [2].'} onCite={onCite} />);
    const button = view.getByTestId('citation');
    expect(button.closest('sup')).not.toBeNull();
    expect(button.textContent).toBe('2');
    fireEvent.click(button);
    expect(onCite).toHaveBeenCalledWith(2);
    view.unmount();
    const plain = render(<Markdown text={'An array a[2] in a normal chat.'} />);
    expect(plain.queryByTestId('citation')).toBeNull();
    expect(plain.container.textContent).toContain('a[2]');
  });

  it("show a quoted document's own footnote marks as written, and only the source as a superscript", () => {
    // mammoth's footnotes.docx as the upload reads it: the body's two footnote marks, then the notes.
    const answer = composeDocumentAnswer(
      [{ role: 'user', content: 'Who walks into a bar?' }],
      [
        {
          n: 1,
          documentId: 'd',
          fileName: 'footnotes.docx',
          page: 1,
          text: 'Ouch[1].[2] [1] A tachyon walks into a bar. [2] Fin.',
        },
      ],
    );
    const view = render(<Markdown text={answer} onCite={vi.fn()} />);
    expect(view.getAllByTestId('citation').map((b) => b.textContent)).toEqual(['1']);
    expect(view.container.textContent).toContain('[1] A tachyon walks into a bar.');
  });
});
