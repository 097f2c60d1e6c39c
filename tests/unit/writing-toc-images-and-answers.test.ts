// @vitest-environment jsdom
import { Editor, type JSONContent } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorJson } from '../../common/contract';
import {
  cssLength,
  invalidNodeAttribute,
  withValidNodeAttributes,
} from '../../common/contract/writing-attributes';
import { writingExtensions } from '../../src/ui/writing/editor/extensions';
import { clampPercent, insertWidthPercent, safeEditorImageSrc } from '../../src/ui/writing/editor/image';
import { computeToc } from '../../src/ui/writing/editor/toc';
import { markdownToBlocks } from '../../src/ui/writing/markdown-to-doc';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});
const make = (content: JSONContent[]) => {
  editor?.destroy();
  editor = new Editor({
    element: document.createElement('div'),
    extensions: writingExtensions(),
    content: { type: 'doc', content },
  });
  return editor;
};
const h = (level: number, text: string): JSONContent => ({
  type: 'heading',
  attrs: { level },
  content: [{ type: 'text', text }],
});
const p = (text: string): JSONContent => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('table of contents', () => {
  it('numbers the headings, never skips a level, and marks the one the cursor is under', async () => {
    const e = make([h(2, 'Intro'), p('a'), h(4, 'Deep'), h(2, 'Next'), p('b'), h(3, 'Sub')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    let cursor = 0;
    e.state.doc.forEach((node, offset) => {
      if (node.textContent === 'b') cursor = offset + 1;
    });
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, cursor)));
    const toc = computeToc(e, (id) => id === e.state.doc.firstChild?.attrs.id);
    expect(toc.map((t) => [t.itemIndex, t.textContent, t.originalLevel, t.level])).toEqual([
      [1, 'Intro', 2, 1],
      [2, 'Deep', 4, 2],
      [3, 'Next', 2, 1],
      [4, 'Sub', 3, 2],
    ]);
    expect(toc.filter((t) => t.isActive).map((t) => t.textContent)).toEqual(['Next']);
    expect(toc.filter((t) => t.isScrolledOver).map((t) => t.textContent)).toEqual(['Intro']);
    expect(new Set(toc.map((t) => t.id)).size).toBe(4);
  });
});

describe('images', () => {
  it('inserts at the writing width minus 160 (800 when unknown), never under 32 px', () => {
    expect(insertWidthPercent(400, 960)).toBe(50);
    expect(insertWidthPercent(2000, 960)).toBe(100);
    expect(insertWidthPercent(400, null)).toBe(50);
    expect(insertWidthPercent(10, 960)).toBe(4);
  });
  it('clamps widths set by command to 0..100 % and keeps them as data attributes', () => {
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-5)).toBe(0);
    const e = make([{ type: 'image', attrs: { src: 'https://example.com/a.png' } }]);
    expect(e.commands.setImageWidth(0, 150)).toBe(true);
    expect(e.state.doc.firstChild?.attrs).toMatchObject({ width: '100%', height: '100%', align: 'center' });
    expect(e.getHTML()).toContain('data-width="100%"');
    expect(e.getHTML()).toContain('min-width: 32px');
  });
  it('draws only a width of its type: a stored width carrying more CSS falls back to 100 %', () => {
    expect(cssLength('45.5%')).toBe('45.5%');
    expect(cssLength(320)).toBe('320px');
    expect(cssLength('320')).toBe('320px');
    expect(cssLength('100%; background:url(https://evil.example/x)')).toBeNull();
    expect(cssLength('calc(100% - 1px)')).toBeNull();
    const hostile: EditorJson = {
      type: 'doc',
      content: [
        {
          type: 'image',
          attrs: {
            src: 'https://example.com/a.png',
            width: '100%; background:url(https://evil.example/w)',
            align: 'center x-evil',
          },
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  attrs: { colwidth: ['1px;background:url(https://evil.example/c);x:'] },
                  content: [{ type: 'paragraph' }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(invalidNodeAttribute(hostile)).toBe('image.width');
    const e = make([p('x')]);
    e.commands.setContent(withValidNodeAttributes(hostile) as object);
    expect(e.getHTML()).not.toContain('evil');
    expect(e.getHTML()).toContain('style="width: 100%; min-width: 32px;"');
    expect(invalidNodeAttribute(e.getJSON() as EditorJson)).toBeNull();
    // Even a document handed to the editor unchecked never draws the stored width into the style.
    e.commands.setContent(hostile as object);
    expect(e.view.dom.innerHTML).not.toContain('evil.example/w');
    // Pasted HTML goes through the same rule.
    e.commands.setContent(
      '<img src="https://example.com/b.png" data-width="1px;background:url(https://evil.example/p)">',
    );
    expect(e.getHTML()).not.toContain('evil');
  });
  it('shows only web, same-origin and local-preview images', () => {
    expect(safeEditorImageSrc('javascript:alert(1)')).toBeNull();
    expect(safeEditorImageSrc('data:image/png;base64,AAAA')).toBeNull();
    expect(safeEditorImageSrc('/api/v1/writing/image/abc')).toBe('/api/v1/writing/image/abc');
    expect(safeEditorImageSrc('//evil.example/x.png')).toBeNull();
    const e = make([p('x')]);
    e.commands.setContent('<p>a</p><img src="javascript:alert(1)"><img src="https://example.com/b.png">');
    expect(JSON.stringify(e.getJSON())).not.toContain('javascript:');
  });
  it('turns typed markdown image syntax into an image', () => {
    const e = make([p('x')]);
    e.commands.setContent({ type: 'doc', content: [{ type: 'paragraph' }] });
    e.commands.setTextSelection(1);
    e.commands.insertContent('![A cat](https://example.com/cat.png');
    // The closing parenthesis, typed: input rules run on typed text.
    const view = e.view;
    const { from } = e.state.selection;
    view.someProp('handleTextInput', (f) =>
      f(view, from, from, ')', () => view.state.tr.insertText(')', from, from)),
    );
    const json = JSON.stringify(e.getJSON());
    expect(json).toContain('"type":"image"');
    expect(json).toContain('https://example.com/cat.png');
  });
});

describe('AI answers as blocks', () => {
  it('reads headings, lists, code, quotes and inline marks, and drops unsafe links', () => {
    const blocks = markdownToBlocks(
      '# Title\n\nSome **bold** and *soft* `code` [site](https://example.com) [bad](javascript:alert(1))\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```python\nprint(1)\n```',
    );
    expect(blocks.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'orderedList',
      'blockquote',
      'codeBlock',
    ]);
    const inline = JSON.stringify(blocks[1]);
    expect(inline).toContain('"bold"');
    expect(inline).toContain('https://example.com');
    expect(inline).not.toContain('javascript:');
    expect(blocks[2].content).toHaveLength(2);
    expect(blocks[5]).toMatchObject({ attrs: { lang: 'python' }, content: [{ text: 'print(1)' }] });
  });
});
