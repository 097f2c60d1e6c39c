// Syntax highlighting for fenced code, a chunk of its own that highlighter.ts loads only for an answer with code.
// rehype-highlight always bundles lowlight's 37 "common" grammars (about 55 KB gzip); registering only the
// languages answers usually contain keeps it near 35 KB.
import type { Element } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import { codeLanguage, textOf } from './tree';

const lowlight = createLowlight({
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  php,
  python,
  ruby,
  rust,
  shell,
  sql,
  swift,
  typescript,
  xml,
  yaml,
});
lowlight.registerAlias({ bash: ['console', 'terminal'], xml: ['vue', 'svelte'] });

// Re-highlighting on every streamed token is fine for normal answers; a huge block is left plain.
const MAX_HIGHLIGHT_CHARS = 20_000;

/** Colours one `code` element in place (hljs classes); an unknown language or a huge block stays plain. */
export function highlightBlock(code: Element) {
  const language = codeLanguage(code);
  if (!language || !lowlight.registered(language)) return;
  const text = textOf(code);
  if (text.length > MAX_HIGHLIGHT_CHARS) return;
  const result = lowlight.highlight(language, text);
  code.properties.className = ['hljs', `language-${language}`];
  code.children = result.children as Element['children'];
}
