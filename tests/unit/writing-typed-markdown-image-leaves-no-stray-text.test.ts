// @vitest-environment jsdom
// Typing `![alt](src)` in the editor makes the image and nothing else: no stray ")" line.
import { Editor, type JSONContent } from '@tiptap/core';
import { afterEach, expect, it } from 'vitest';
import { writingExtensions } from '../../src/ui/writing/editor/extensions';

// jsdom has no layout; ProseMirror asks for rectangles when it scrolls the cursor into view.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();
Element.prototype.getClientRects = noRects;

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

/** Types like a keyboard: each character goes through the editor's input rules first. */
function typeInto(e: Editor, text: string) {
  for (const ch of text) {
    const { from, to } = e.state.selection;
    const handled = e.view.someProp('handleTextInput', (f) =>
      f(e.view, from, to, ch, () => e.state.tr.insertText(ch, from, to)),
    );
    if (!handled) e.view.dispatch(e.state.tr.insertText(ch, from, to));
  }
}

function make(content: JSONContent[]) {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: writingExtensions(),
    content: { type: 'doc', content },
  });
  return editor;
}

const image = (src: string, alt: string) => ({
  type: 'image',
  attrs: expect.objectContaining({ src, alt }),
});

it('on an empty line the markdown becomes the image and the cursor waits on the line below', () => {
  const e = make([{ type: 'paragraph' }]);
  e.commands.setTextSelection(1);
  typeInto(e, '![cat](https://example.com/cat.png)');
  expect(e.getJSON().content).toEqual([image('https://example.com/cat.png', 'cat'), { type: 'paragraph' }]);
  typeInto(e, 'Next');
  expect(e.getJSON().content?.[1]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'Next' }] });
});

it('after words on a line, the words stay and the image follows', () => {
  const e = make([{ type: 'paragraph' }]);
  e.commands.setTextSelection(1);
  typeInto(e, 'Look: ![dog](https://example.com/dog.png)');
  expect(e.getJSON().content).toEqual([
    { type: 'paragraph', content: [{ type: 'text', text: 'Look: ' }] },
    image('https://example.com/dog.png', 'dog'),
    { type: 'paragraph' },
  ]);
});

it('an unsafe address stays text', () => {
  const e = make([{ type: 'paragraph' }]);
  e.commands.setTextSelection(1);
  typeInto(e, '![x](javascript:alert(1))');
  expect(JSON.stringify(e.getJSON())).not.toContain('"image"');
});
