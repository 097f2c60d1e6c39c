// Loads highlight.js (highlight.ts, a chunk of its own) the first time an answer has a fenced block to colour, so
// an answer without code never downloads it; a block drawn before it arrives is drawn plain, then coloured.
import type { Element, Root } from 'hast';
import { codeLanguage } from './tree';

type Highlighter = typeof import('./highlight');

let highlighter: Highlighter | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

/** Whether highlight.js has been asked for on this page (what the tests read: an answer without code never does). */
export function highlighterRequested(): boolean {
  return loading !== null;
}

function loadHighlighter() {
  loading ??= import('./highlight').then(
    (module) => {
      highlighter = module;
      for (const done of waiting) done();
      waiting.clear();
    },
    (error: unknown) => {
      // The chunk did not arrive (offline, a new deploy): code stays plain, and the next answer asks again.
      loading = null;
      console.warn('highlight.js did not load', error);
    },
  );
}

/** Calls `done` once the highlighter is here (at once if it is); returns a function that stops waiting. */
export function whenHighlighterLoaded(done: () => void): () => void {
  if (highlighter) {
    done();
    return () => {};
  }
  waiting.add(done);
  return () => waiting.delete(done);
}

/** The fenced blocks worth colouring: `pre > code` with a language; mermaid is drawn, not highlighted. */
function codeBlocks(tree: Root): Element[] {
  const blocks: Element[] = [];
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const first = child.children[0];
      if (child.tagName === 'pre' && first?.type === 'element' && first.tagName === 'code') {
        const language = codeLanguage(first);
        if (language && language !== 'mermaid') blocks.push(first);
      } else {
        visit(child);
      }
    }
  };
  visit(tree);
  return blocks;
}

/**
 * Rehype plugin: highlights `pre > code.language-*` once highlight.js is here; before that it starts loading it
 * and calls `drawnPlain`, so the answer can draw again when it arrives. It runs after sanitising, on trusted
 * grammar output.
 */
export function rehypeHighlightCode(options: { drawnPlain: () => void }) {
  return (tree: Root) => {
    const blocks = codeBlocks(tree);
    if (blocks.length === 0) return;
    if (!highlighter) {
      loadHighlighter();
      options.drawnPlain();
      return;
    }
    for (const code of blocks) highlighter.highlightBlock(code);
  };
}
