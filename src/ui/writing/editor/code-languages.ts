// The code block's languages: the list first (javascript default), then every other language
// CodeMirror knows, legacy modes included; grammars load on first use.
import type { LanguageDescription } from '@codemirror/language';

export const SPEC_LANGUAGES = [
  'javascript',
  'html',
  'css',
  'sql',
  'python',
  'rust',
  'xml',
  'json',
  'markdown',
  'java',
  'cpp',
  'lezer',
  'php',
  'wast',
  'go',
  'ruby',
  'shell',
  'yaml',
  'swift',
];

let all: Promise<readonly LanguageDescription[]> | null = null;
const descriptions = () => {
  all ??= import('@codemirror/language-data').then((module) => module.languages);
  return all;
};

/** Lower-case ids offered by the picker. */
export async function languageIds(): Promise<string[]> {
  const names = (await descriptions()).map((d) => d.name.toLowerCase());
  return [...new Set([...SPEC_LANGUAGES, ...names.filter((n) => !SPEC_LANGUAGES.includes(n))])];
}

const ALIASES: Record<string, string> = { cpp: 'c++', wast: 'webassembly', shell: 'shell', js: 'javascript' };

export async function loadLanguage(id: string) {
  const name = ALIASES[id] ?? id;
  const list = await descriptions();
  const description =
    list.find((d) => d.name.toLowerCase() === name) ??
    list.find((d) => d.alias.includes(name) || d.extensions.includes(name));
  if (!description) return null;
  return description.support ?? (await description.load());
}
