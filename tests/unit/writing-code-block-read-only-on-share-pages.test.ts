// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeMirrorNodeView } from '../../src/ui/writing/editor/codemirror-view';
import { writingExtensions } from '../../src/ui/writing/editor/extensions';

const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

function codeEditor(readOnly: boolean, copied: string[] = []) {
  editor = new Editor({
    element: document.body.appendChild(document.createElement('div')),
    editable: !readOnly,
    extensions: writingExtensions({
      views: {
        codeBlock: ({ node, view, getPos, editor }) =>
          new CodeMirrorNodeView(node, view, getPos, editor, {
            readOnly,
            labels: { copy: 'Copy code', language: 'Language' },
            onCopy: (text) => copied.push(text),
          }),
      },
    }),
    content: {
      type: 'doc',
      content: [
        { type: 'codeBlock', attrs: { lang: 'python' }, content: [{ type: 'text', text: 'print("hi")' }] },
      ],
    },
  });
  return editor.view.dom.querySelector<HTMLElement>('[data-testid="code-block"]')!;
}

describe('code block view', () => {
  it('on share pages the code is read-only and the language cannot be opened (no arrow)', () => {
    const block = codeEditor(true);
    expect(block.classList.contains('read-only')).toBe(true);
    expect(block.querySelector<HTMLSelectElement>('select')!.disabled).toBe(true);
    expect(block.querySelector('.cm-content')!.getAttribute('contenteditable')).toBe('false');
    expect(block.querySelector('.cm-content')!.textContent).toBe('print("hi")');
  });

  it('in the editor the language picker changes the block language and copy hands over the code', async () => {
    const copied: string[] = [];
    const block = codeEditor(false, copied);
    const select = block.querySelector<HTMLSelectElement>('select')!;
    expect(select.disabled).toBe(false);
    expect(block.querySelector('.cm-content')!.getAttribute('contenteditable')).toBe('true');
    await vi.waitFor(() => expect(select.options.length).toBeGreaterThan(50), { timeout: 10_000 });
    const ids = [...select.options].map((o) => o.value);
    expect(ids.slice(0, 5)).toEqual(['javascript', 'html', 'css', 'sql', 'python']);
    expect(ids).toEqual(expect.arrayContaining(['go', 'ruby', 'shell', 'yaml', 'swift', 'wast', 'lezer']));
    select.value = 'rust';
    select.dispatchEvent(new Event('change'));
    expect(editor!.state.doc.firstChild?.attrs.lang).toBe('rust');
    block.querySelector<HTMLButtonElement>('[data-testid="code-copy"]')!.click();
    expect(copied).toEqual(['print("hi")']);
  });
});
