// @vitest-environment jsdom
// The boot script (public/theme.js) runs before anything else on every page: an address it cannot decode (a chat
// link cut mid-character when pasted, a mistyped %) must not stop it, or the page loses the rest of its boot shell.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

it('a chat address that is not valid percent-encoding leaves the boot script running to its end', () => {
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as typeof window.matchMedia;
  history.replaceState(null, '', '/chat/%E0%A4%A');
  const script = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/theme.js'), 'utf8');
  // biome-ignore lint/security/noGlobalEval: runs this repository's own public/theme.js, as a page's <script> does
  expect(() => window.eval(script)).not.toThrow();
  expect(document.documentElement.getAttribute('data-boot-page')).toBe('chat');
});
