// @vitest-environment jsdom
// The boot script (public/theme.js) draws a chat's stored answers before the app's code arrives: what it draws
// of an answer is the same HTML the app's Markdown then draws, and an answer with anything more (code blocks,
// tables, links, pictures, loose lists, HTML) is not drawn by it at all, so raw Markdown never shows.
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown';

declare global {
  var drawBootChat: (detail: unknown) => void;
}

beforeAll(() => {
  // As the page runs it: a classic script, its functions global (at "/", so it asks the server for nothing).
  // biome-ignore lint/security/noGlobalEval: runs this repository's own public/theme.js, as a page's <script> does
  window.eval(fs.readFileSync(path.resolve(import.meta.dirname, '../../public/theme.js'), 'utf8'));
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const message = (role: 'user' | 'assistant', content: string, status = 'done') => ({
  role,
  content,
  status,
  error: null,
});

/** The answer's HTML as the boot script draws it, or null when it draws nothing. */
function bootHtml(answer: string, status = 'done'): string | null {
  document.body.innerHTML = '<div id="boot"><div class="boot-page"></div></div>';
  globalThis.drawBootChat({
    channel: { docEntries: null },
    messages: [message('user', 'What is a river delta?'), message('assistant', answer, status)],
  });
  return document.querySelector('#boot-chat .markdown')?.innerHTML ?? null;
}

/** The answer's HTML as the app's Markdown draws it, without the line breaks it leaves between blocks. */
function appHtml(answer: string): string {
  const { container } = render(<Markdown text={answer} />);
  return (container.querySelector('.markdown')?.innerHTML ?? '').replace(/>\n+</g, '><').trim();
}

const offlineAnswer = [
  '*Parley offline model: no AI provider is configured on this server, so this reply is computed locally.*',
  '',
  '**You wrote:**',
  '',
  '> What is a river delta?',
  '',
  '**Words:** 5. **Key terms:** delta, river.',
  '',
  'To get real AI answers, set `AI_BASE_URL` (any OpenAI-compatible endpoint) and restart Parley.',
].join('\n');

describe('the boot script draws an answer as Markdown does', () => {
  it.each([
    ['the offline model answer (quote, strong, emphasis, code)', offlineAnswer],
    [
      'a heading, a paragraph over two lines and a list',
      '## Deltas\n\nA delta forms where\na river meets the sea.\n\n- mud\n- **sand**\n- *silt*',
    ],
    ['an ordered list that starts at 3', '3. third\n4. fourth'],
    ['Arabic text', 'الدلتا أرض **منبسطة** عند مصب النهر.'],
  ])('%s', (_, answer) => {
    const boot = bootHtml(answer);
    expect(boot).not.toBeNull();
    expect(boot).toBe(appHtml(answer));
  });

  it.each([
    ['a code block', 'Run this:\n\n```sh\nnpm start\n```'],
    ['a table', '| a | b |\n| - | - |\n| 1 | 2 |'],
    ['a link', 'See [the docs](https://example.com).'],
    ['a picture', '![a delta](https://example.com/d.png)'],
    ['a loose list', '- one\n\n- two'],
    ['a nested list', '- one\n  - two'],
    ['HTML', 'A <b>bold</b> claim'],
    ['an underscore mark', 'a _soft_ word'],
    ['a hard break', 'one  \ntwo'],
  ])('and draws nothing for an answer with %s', (_, answer) => {
    expect(bootHtml(answer)).toBeNull();
    expect(document.getElementById('boot-chat')).toBeNull();
  });

  it('and draws nothing while an answer is still being written', () => {
    expect(bootHtml('A delta is', 'streaming')).toBeNull();
  });
});
