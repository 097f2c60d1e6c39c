// @vitest-environment jsdom
import { Editor, type JSONContent } from '@tiptap/core';
import { AllSelection, TextSelection } from '@tiptap/pm/state';
import { CellSelection } from '@tiptap/pm/tables';
import { afterEach, describe, expect, it } from 'vitest';
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

const p = (text?: string): JSONContent => ({
  type: 'paragraph',
  ...(text ? { content: [{ type: 'text', text }] } : {}),
});
const code = (text: string): JSONContent => ({
  type: 'codeBlock',
  content: text ? [{ type: 'text', text }] : [],
});

function make(content: JSONContent[]) {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: writingExtensions(),
    content: { type: 'doc', content },
  });
  return editor;
}
/** Puts the cursor `offset` characters into the text of the first node of `type` (in document order). */
function cursorIn(e: Editor, type: string, offset = 0, nth = 0) {
  let seen = 0;
  let target = -1;
  e.state.doc.descendants((node, pos) => {
    if (target >= 0) return false;
    if (node.type.name === type && seen++ === nth) target = pos + 1 + offset;
    return true;
  });
  e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, target)));
}
/** A real keydown on the editor, as the browser sends it (keyboardShortcut() would drop selection moves). */
function press(e: Editor, key: string, options: { ctrl?: boolean } = {}) {
  e.view.dom.dispatchEvent(
    new KeyboardEvent('keydown', { key, ctrlKey: options.ctrl, bubbles: true, cancelable: true }),
  );
}
const parentType = (e: Editor) => e.state.selection.$from.parent.type.name;
const types = (e: Editor) => (e.getJSON().content ?? []).map((n) => n.type);

describe('editor keys', () => {
  it('Backspace in an empty callout with one empty paragraph deletes the callout', () => {
    const e = make([p('before'), { type: 'callout', content: [p()] }]);
    cursorIn(e, 'paragraph', 0, 1);
    press(e, 'Backspace');
    expect(JSON.stringify(e.getJSON())).not.toContain('callout');
    expect(e.getJSON().content?.[0]).toEqual(p('before'));
    expect(parentType(e)).toBe('paragraph');
    expect(e.state.selection.$from.parent.content.size).toBe(0);
  });

  it('Backspace in a callout that still has text does not delete it', () => {
    const e = make([{ type: 'callout', content: [p('keep'), p()] }]);
    cursorIn(e, 'paragraph', 0, 1);
    press(e, 'Backspace');
    expect(types(e)).toContain('callout');
    expect(e.state.doc.firstChild?.textContent).toBe('keep');
  });

  it('Backspace at the very start of a code block turns it into a paragraph with the same text', () => {
    const e = make([p('intro'), code('const a = 1;')]);
    cursorIn(e, 'codeBlock', 0);
    press(e, 'Backspace');
    expect(e.getJSON().content?.[1]).toMatchObject({
      type: 'paragraph',
      content: [{ text: 'const a = 1;' }],
    });
  });

  it('Backspace in an empty paragraph after a code block moves to the end of the code', () => {
    const e = make([code('let x = 2;'), p(), p('after')]);
    cursorIn(e, 'paragraph', 0, 0);
    press(e, 'Backspace');
    expect(parentType(e)).toBe('codeBlock');
    expect(e.state.selection.$from.parentOffset).toBe('let x = 2;'.length);
    expect(types(e)).toEqual(['codeBlock', 'paragraph']);
  });

  it('arrow keys at a code block edge move to the neighbouring block', () => {
    const e = make([p('above'), code('line one\nline two'), p('below')]);
    cursorIn(e, 'codeBlock', 3);
    press(e, 'ArrowUp');
    expect(e.state.selection.$from.parent.textContent).toBe('above');

    cursorIn(e, 'codeBlock', 'line one\nline'.length);
    press(e, 'ArrowDown');
    expect(e.state.selection.$from.parent.textContent).toBe('below');

    cursorIn(e, 'codeBlock', 'line one\nline two'.length);
    press(e, 'ArrowRight');
    expect(e.state.selection.$from.parent.textContent).toBe('below');

    cursorIn(e, 'codeBlock', 0);
    press(e, 'ArrowLeft');
    expect(e.state.selection.$from.parent.textContent).toBe('above');

    // Inside the code (not on an edge line) the arrow stays in the code block.
    cursorIn(e, 'codeBlock', 'line one\nli'.length);
    press(e, 'ArrowUp');
    expect(parentType(e)).toBe('codeBlock');
  });

  it('ArrowUp from a code block that starts the document creates a paragraph above it', () => {
    const e = make([code('first'), p('x')]);
    cursorIn(e, 'codeBlock', 2);
    press(e, 'ArrowUp');
    expect(types(e)[0]).toBe('paragraph');
    expect(parentType(e)).toBe('paragraph');
  });

  it('select-all inside a table cell, a column or a callout selects only that content; elsewhere everything', () => {
    const e = make([p('outside')]);
    e.commands.setTextSelection(e.state.doc.content.size - 1);
    e.commands.insertTable({ rows: 3, cols: 3, withHeaderRow: false });
    e.commands.insertContent('cell text');
    press(e, 'a', { ctrl: true });
    const { from, to } = e.state.selection;
    expect(e.state.doc.textBetween(from, to)).toBe('cell text');

    const c = make([{ type: 'callout', content: [p('one'), p('two')] }, p('out')]);
    cursorIn(c, 'paragraph', 1, 0);
    press(c, 'a', { ctrl: true });
    expect(c.state.doc.textBetween(c.state.selection.from, c.state.selection.to, '|')).toBe('one|two');

    const col = make([
      {
        type: 'columns',
        content: [
          { type: 'column', content: [p('left')] },
          { type: 'column', content: [p('right')] },
        ],
      },
    ]);
    cursorIn(col, 'paragraph', 1, 1);
    press(col, 'a', { ctrl: true });
    expect(col.state.doc.textBetween(col.state.selection.from, col.state.selection.to)).toBe('right');

    const plain = make([p('a'), p('b')]);
    cursorIn(plain, 'paragraph', 0);
    press(plain, 'a', { ctrl: true });
    expect(plain.state.selection).toBeInstanceOf(AllSelection);
  });

  it('creating a code block splits the line first when it has text', () => {
    const e = make([p('hello world')]);
    cursorIn(e, 'paragraph', 'hello '.length);
    e.commands.insertCodeBlock();
    const content = e.getJSON().content ?? [];
    expect(content[0]).toMatchObject({ type: 'paragraph', content: [{ text: 'hello ' }] });
    expect(content[1]).toMatchObject({
      type: 'codeBlock',
      attrs: { lang: 'javascript' },
      content: [{ text: 'world' }],
    });

    const empty = make([p()]);
    cursorIn(empty, 'paragraph', 0);
    empty.commands.insertCodeBlock();
    expect(types(empty)[0]).toBe('codeBlock');
  });

  it('keeps a trailing empty paragraph after a block at the end', () => {
    const e = make([p('x')]);
    e.commands.setTextSelection(2);
    e.commands.insertCodeBlock();
    e.commands.insertContent('code');
    const last = e.state.doc.lastChild;
    expect(last?.type.name).toBe('paragraph');
    expect(last?.content.size).toBe(0);
  });

  it('gives headings unique ids (also when duplicated) and code blocks a uniqueId', async () => {
    const e = make([
      { type: 'heading', attrs: { level: 1, id: 'same' }, content: [{ type: 'text', text: 'A' }] },
      { type: 'heading', attrs: { level: 2, id: 'same' }, content: [{ type: 'text', text: 'B' }] },
      code('x'),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const ids: string[] = [];
    e.state.doc.forEach((node) => {
      if (node.type.name === 'heading') {
        ids.push(node.attrs.id);
        expect(node.attrs.tocId).toBe(node.attrs.id);
      }
      if (node.type.name === 'codeBlock') expect(node.attrs.uniqueId).toMatch(/^codeBlock-/);
    });
    expect(ids[0]).toBe('same');
    expect(ids[1]).not.toBe('same');
    expect(ids[1]).toMatch(/^heading-/);
  });

  it('table grips select a whole row or column', () => {
    const e = make([p()]);
    e.commands.insertTable({ rows: 3, cols: 3, withHeaderRow: false });
    const rows = e.view.dom.querySelectorAll<HTMLButtonElement>('[data-testid="table-grip-row"]');
    const columns = e.view.dom.querySelectorAll<HTMLButtonElement>('[data-testid="table-grip-column"]');
    expect(rows.length).toBe(3);
    expect(columns.length).toBe(3);
    columns[1].dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    const column = e.state.selection as CellSelection;
    expect(column).toBeInstanceOf(CellSelection);
    expect(column.isColSelection()).toBe(true);
    rows[2].dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect((e.state.selection as CellSelection).isRowSelection()).toBe(true);
  });

  it('never keeps a javascript: link from loaded or pasted HTML', () => {
    const e = make([p()]);
    e.commands.setContent(
      '<p><a href="javascript:alert(1)">click</a> and <a href="https://example.com">safe</a></p>',
    );
    const marks = JSON.stringify(e.getJSON());
    expect(marks).not.toContain('javascript:');
    expect(marks).toContain('https://example.com');
  });
});
