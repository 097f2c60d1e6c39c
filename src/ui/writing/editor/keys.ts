// The editor keys. Each rule is a plain function of the editor state, so the CodeMirror node view
// can run the same rule for keys it receives itself.
import { type Editor, Extension } from '@tiptap/core';
import type { Node as PmNode, ResolvedPos } from '@tiptap/pm/model';
import { type EditorState, Selection, TextSelection, type Transaction } from '@tiptap/pm/state';

type Dispatch = ((tr: Transaction) => void) | undefined;
type Direction = 'up' | 'down' | 'left' | 'right';

const SCOPED_CONTAINERS = new Set(['tableCell', 'tableHeader', 'column', 'callout']);

/** Backspace in an empty callout that holds a single empty paragraph removes the callout. */
export function deleteEmptyCallout(state: EditorState, dispatch: Dispatch): boolean {
  const { $from, empty } = state.selection;
  if (!empty || $from.depth < 2 || $from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0)
    return false;
  const callout = $from.node($from.depth - 1);
  if (callout.type.name !== 'callout' || callout.childCount !== 1) return false;
  if (dispatch) {
    const start = $from.before($from.depth - 1);
    const tr = state.tr.replaceWith(start, start + callout.nodeSize, state.schema.nodes.paragraph.create());
    tr.setSelection(TextSelection.create(tr.doc, start + 1));
    dispatch(tr.scrollIntoView());
  }
  return true;
}

/** Backspace at the very start of a code block turns it into a paragraph. */
export function codeBlockToParagraph(state: EditorState, dispatch: Dispatch, codePos?: number): boolean {
  const { $from, empty } = state.selection;
  let pos = codePos;
  if (pos === undefined) {
    if (!empty || $from.parent.type.name !== 'codeBlock' || $from.parentOffset !== 0) return false;
    pos = $from.before();
  }
  const node = state.doc.nodeAt(pos);
  if (node?.type.name !== 'codeBlock') return false;
  if (dispatch) {
    const paragraph = state.schema.nodes.paragraph.create(
      null,
      node.content.size ? state.schema.text(node.textContent) : null,
    );
    const tr = state.tr.replaceWith(pos, pos + node.nodeSize, paragraph);
    tr.setSelection(TextSelection.create(tr.doc, pos + 1));
    dispatch(tr.scrollIntoView());
  }
  return true;
}

/** Backspace in an empty paragraph right after a code block goes to the end of that code block. */
export function backspaceAfterCodeBlock(state: EditorState, dispatch: Dispatch): boolean {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0) return false;
  const index = $from.index($from.depth - 1);
  if (index === 0) return false;
  const before = $from.node($from.depth - 1).child(index - 1);
  if (before.type.name !== 'codeBlock') return false;
  if (dispatch) {
    const paragraphPos = $from.before();
    const codeEnd = paragraphPos - 1;
    const isLast = index === $from.node($from.depth - 1).childCount - 1 && $from.depth === 1;
    // The trailing empty paragraph stays (the document always ends with one); others are removed.
    const tr = isLast ? state.tr : state.tr.delete(paragraphPos, paragraphPos + $from.parent.nodeSize);
    tr.setSelection(TextSelection.create(tr.doc, codeEnd));
    dispatch(tr.scrollIntoView());
  }
  return true;
}

/** Whether a move in this direction leaves the code block (first/last line, or the very start/end). */
export function atCodeBlockEdge(text: string, offset: number, direction: Direction): boolean {
  if (direction === 'left') return offset === 0;
  if (direction === 'right') return offset === text.length;
  if (direction === 'up') return !text.slice(0, offset).includes('\n');
  return !text.slice(offset).includes('\n');
}

/** Moves from a code block (at `codePos`) to the neighbouring block, creating a paragraph when none exists. */
export function leaveCodeBlock(
  state: EditorState,
  dispatch: Dispatch,
  codePos: number,
  direction: Direction,
): boolean {
  const node = state.doc.nodeAt(codePos);
  if (!node) return false;
  const forward = direction === 'down' || direction === 'right';
  const edge = forward ? codePos + node.nodeSize : codePos;
  const $edge = state.doc.resolve(edge);
  const neighbour = forward ? $edge.nodeAfter : $edge.nodeBefore;
  if (!dispatch) return true;
  if (!neighbour) {
    const tr = state.tr.insert(edge, state.schema.nodes.paragraph.create());
    tr.setSelection(TextSelection.create(tr.doc, edge + 1));
    dispatch(tr.scrollIntoView());
    return true;
  }
  const selection = Selection.near(state.doc.resolve(forward ? edge + 1 : edge - 1), forward ? 1 : -1);
  dispatch(state.tr.setSelection(selection).scrollIntoView());
  return true;
}

function arrowOutOfCodeBlock(state: EditorState, dispatch: Dispatch, direction: Direction): boolean {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type.name !== 'codeBlock') return false;
  if (!atCodeBlockEdge($from.parent.textContent, $from.parentOffset, direction)) return false;
  return leaveCodeBlock(state, dispatch, $from.before(), direction);
}

function containerDepth($from: ResolvedPos): number {
  for (let depth = $from.depth; depth > 0; depth--)
    if (SCOPED_CONTAINERS.has($from.node(depth).type.name)) return depth;
  return -1;
}

/** Select-all inside a table cell, header, column or callout selects only its content; else the document. */
export function scopedSelectAll(state: EditorState, dispatch: Dispatch): boolean {
  const { $from, $to } = state.selection;
  const depth = containerDepth($from);
  if (depth > 0 && $to.depth >= depth && $to.before(depth) === $from.before(depth)) {
    const from = $from.start(depth);
    const to = $from.end(depth);
    const selection = TextSelection.between(state.doc.resolve(from), state.doc.resolve(to));
    const already = state.selection.from <= selection.from && state.selection.to >= selection.to;
    if (!already) {
      if (dispatch) dispatch(state.tr.setSelection(selection));
      return true;
    }
  }
  return false;
}

export const WritingKeys = Extension.create({
  name: 'writingKeys',
  priority: 1000,
  addKeyboardShortcuts() {
    const run =
      (rule: (state: EditorState, dispatch: Dispatch) => boolean) =>
      ({ editor }: { editor: Editor }) =>
        rule(editor.state, editor.view.dispatch);
    return {
      Backspace: run(
        (state, dispatch) =>
          deleteEmptyCallout(state, dispatch) ||
          codeBlockToParagraph(state, dispatch) ||
          backspaceAfterCodeBlock(state, dispatch),
      ),
      ArrowUp: run((state, dispatch) => arrowOutOfCodeBlock(state, dispatch, 'up')),
      ArrowDown: run((state, dispatch) => arrowOutOfCodeBlock(state, dispatch, 'down')),
      ArrowLeft: run((state, dispatch) => arrowOutOfCodeBlock(state, dispatch, 'left')),
      ArrowRight: run((state, dispatch) => arrowOutOfCodeBlock(state, dispatch, 'right')),
      'Mod-a': run(scopedSelectAll),
    };
  },
});

export type { PmNode };
