// The code block drawn by CodeMirror 6 inside ProseMirror (the pattern of ProseMirror's CodeMirror example):
// text edits flow both ways, the cursor leaves the block at its edges, Backspace at its start makes a
// paragraph. A language picker and a copy button sit on top; share pages get read-only code and no arrow.
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState as CmState, Compartment } from '@codemirror/state';
import {
  EditorView as CmView,
  drawSelection,
  type KeyBinding,
  keymap,
  lineNumbers,
  type ViewUpdate,
} from '@codemirror/view';
import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView, NodeView } from '@tiptap/pm/view';
import { languageIds, loadLanguage } from './code-languages';
import { atCodeBlockEdge, codeBlockToParagraph, leaveCodeBlock } from './keys';

export const CODE_CURSOR_BLINK_MS = 1000;

export interface CodeViewOptions {
  readOnly: boolean;
  labels: { copy: string; language: string };
  onCopy(text: string): void;
}

export class CodeMirrorNodeView implements NodeView {
  dom: HTMLElement;
  private cm: CmView;
  private updating = false;
  private language = new Compartment();
  private select: HTMLSelectElement;

  constructor(
    private node: PmNode,
    private view: EditorView,
    private getPos: () => number | undefined,
    private editor: Editor,
    options: CodeViewOptions,
  ) {
    this.dom = document.createElement('div');
    this.dom.className = `code-block${options.readOnly ? ' read-only' : ''}`;
    this.dom.dataset.testid = 'code-block';
    const header = document.createElement('div');
    header.className = 'code-block-header';
    header.contentEditable = 'false';
    this.select = document.createElement('select');
    this.select.className = 'code-language';
    this.select.setAttribute('aria-label', options.labels.language);
    this.select.disabled = options.readOnly;
    this.select.dataset.testid = 'code-language';
    this.fillLanguages(node.attrs.lang);
    this.select.addEventListener('change', () => {
      const pos = this.getPos();
      if (pos !== undefined) this.editor.commands.setCodeLanguage(pos, this.select.value);
    });
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'code-copy';
    copy.textContent = options.labels.copy;
    copy.dataset.testid = 'code-copy';
    copy.addEventListener('click', () => options.onCopy(this.cm.state.doc.toString()));
    header.append(this.select, copy);

    this.cm = new CmView({
      doc: node.textContent,
      extensions: [
        keymap.of(this.keys()),
        lineNumbers(),
        drawSelection({ cursorBlinkRate: CODE_CURSOR_BLINK_MS }),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        this.language.of([]),
        CmState.readOnly.of(options.readOnly),
        CmView.editable.of(!options.readOnly),
        CmView.updateListener.of((update) => this.forwardUpdate(update)),
      ],
    });
    this.dom.append(header, this.cm.dom);
    void this.applyLanguage(node.attrs.lang);
  }

  private fillLanguages(current: string) {
    const option = (id: string) => {
      const element = document.createElement('option');
      element.value = id;
      element.textContent = id;
      return element;
    };
    this.select.replaceChildren(option(current));
    this.select.value = current;
    void languageIds().then((ids) => {
      this.select.replaceChildren(...ids.map(option));
      if (!ids.includes(current)) this.select.prepend(option(current));
      this.select.value = this.node.attrs.lang;
    });
  }

  private async applyLanguage(id: string) {
    const support = await loadLanguage(id).catch(() => null);
    if (this.node.attrs.lang !== id) return;
    this.cm.dispatch({ effects: this.language.reconfigure(support ?? []) });
  }

  /** CodeMirror's changes become ProseMirror steps (and its selection the editor's selection). */
  private forwardUpdate(update: ViewUpdate) {
    if (this.updating || !this.cm.hasFocus) return;
    const pos = this.getPos();
    if (pos === undefined) return;
    let offset = pos + 1;
    const { main } = update.state.selection;
    const selFrom = offset + main.from;
    const selTo = offset + main.to;
    const pmSel = this.view.state.selection;
    if (update.docChanged || pmSel.from !== selFrom || pmSel.to !== selTo) {
      const tr = this.view.state.tr;
      update.changes.iterChanges((fromA, toA, _fromB, _toB, text) => {
        if (text.length)
          tr.replaceWith(offset + fromA, offset + toA, this.view.state.schema.text(text.toString()));
        else tr.delete(offset + fromA, offset + toA);
        offset += text.length - (toA - fromA);
      });
      tr.setSelection(TextSelection.create(tr.doc, selFrom, selTo));
      this.view.dispatch(tr);
    }
  }

  setSelection(anchor: number, head: number) {
    this.cm.focus();
    this.updating = true;
    this.cm.dispatch({ selection: { anchor, head } });
    this.updating = false;
  }

  private keys(): KeyBinding[] {
    const edge = (unit: 'line' | 'char', dir: -1 | 1) => () => this.maybeEscape(unit, dir);
    return [
      { key: 'ArrowUp', run: edge('line', -1) },
      { key: 'ArrowLeft', run: edge('char', -1) },
      { key: 'ArrowDown', run: edge('line', 1) },
      { key: 'ArrowRight', run: edge('char', 1) },
      {
        key: 'Backspace',
        run: () => {
          const { main } = this.cm.state.selection;
          const pos = this.getPos();
          if (!main.empty || main.from !== 0 || pos === undefined) return false;
          const done = codeBlockToParagraph(this.view.state, this.view.dispatch, pos);
          if (done) this.view.focus();
          return done;
        },
      },
      {
        key: 'Enter',
        run: (cm) => {
          const { main } = cm.state.selection;
          const line = cm.state.doc.lineAt(main.from);
          const indent = /^\s*/.exec(line.text)?.[0] ?? '';
          cm.dispatch(cm.state.replaceSelection(`\n${indent}`));
          return true;
        },
      },
      {
        key: 'Tab',
        run: (cm) => {
          cm.dispatch(cm.state.replaceSelection('  '));
          return true;
        },
      },
      { key: 'Mod-z', run: () => this.editor.commands.undo() },
      { key: 'Mod-y', run: () => this.editor.commands.redo() },
      { key: 'Shift-Mod-z', run: () => this.editor.commands.redo() },
    ];
  }

  private maybeEscape(unit: 'line' | 'char', dir: -1 | 1): boolean {
    const { main } = this.cm.state.selection;
    if (!main.empty) return false;
    const text = this.cm.state.doc.toString();
    const direction = unit === 'line' ? (dir < 0 ? 'up' : 'down') : dir < 0 ? 'left' : 'right';
    if (!atCodeBlockEdge(text, main.head, direction)) return false;
    const pos = this.getPos();
    if (pos === undefined) return false;
    const done = leaveCodeBlock(this.view.state, this.view.dispatch, pos, direction);
    if (done) this.view.focus();
    return done;
  }

  update(node: PmNode) {
    if (node.type !== this.node.type) return false;
    const languageChanged = node.attrs.lang !== this.node.attrs.lang;
    this.node = node;
    if (languageChanged) {
      this.select.value = node.attrs.lang;
      void this.applyLanguage(node.attrs.lang);
    }
    if (this.updating) return true;
    const newText = node.textContent;
    const curText = this.cm.state.doc.toString();
    if (newText !== curText) {
      let start = 0;
      let curEnd = curText.length;
      let newEnd = newText.length;
      while (start < curEnd && curText.charCodeAt(start) === newText.charCodeAt(start)) ++start;
      while (
        curEnd > start &&
        newEnd > start &&
        curText.charCodeAt(curEnd - 1) === newText.charCodeAt(newEnd - 1)
      ) {
        curEnd--;
        newEnd--;
      }
      this.updating = true;
      this.cm.dispatch({ changes: { from: start, to: curEnd, insert: newText.slice(start, newEnd) } });
      this.updating = false;
    }
    return true;
  }

  selectNode() {
    this.cm.focus();
  }

  stopEvent(event: Event) {
    // The header's picker and button, and CodeMirror's own input, are not ProseMirror's business.
    return !(event.target instanceof Node) || this.dom.contains(event.target as Node);
  }

  ignoreMutation() {
    return true;
  }

  destroy() {
    this.cm.destroy();
  }
}
