// index.html's boot shell (painted before the app's code arrives) says its words in every language, the
// same words as the locale tables the app then draws them with, and the recommended questions' icons as the
// app draws them.
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ar } from '../../common/i18n/locales/ar';
import { en } from '../../common/i18n/locales/en';
import { es } from '../../common/i18n/locales/es';
import { zh } from '../../common/i18n/locales/zh';
import { Icon } from '../../src/ui/icons';

const tables: Record<string, unknown> = { en, ar, zh, es };
const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');

describe('the boot shell', () => {
  const spans = [...html.matchAll(/<span data-lang="(\w+)" data-text="([\w.]+)">([^<]*)<\/span>/g)];

  it('has each of its texts in every language', () => {
    const keys = new Set(spans.map((span) => span[2]));
    expect([...keys].sort()).toEqual(['chat.placeholder', 'chat.send', 'chat.welcome']);
    for (const key of keys)
      expect(
        spans
          .filter((span) => span[2] === key)
          .map((span) => span[1])
          .sort(),
      ).toEqual(Object.keys(tables).sort());
  });

  it('says what the locale tables say', () => {
    for (const [, language, key, text] of spans) {
      const expected = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tables[language]);
      expect(text, `${language} ${key}`).toBe(expected);
    }
  });

  it("draws the recommended questions' icons as the app does (1 megaphone, 2 flask, 3 wrench)", () => {
    const drawn = (name: 'megaphone' | 'flask' | 'wrench' | 'mic') =>
      /<path d="([^"]+)"/.exec(renderToStaticMarkup(<Icon name={name} />))?.[1];
    const boot = (n: number) =>
      new RegExp(`<symbol id="boot-icon-${n}"[^>]*><path d="([^"]+)"`).exec(html)?.[1];
    expect([boot(1), boot(2), boot(3)]).toEqual([drawn('megaphone'), drawn('flask'), drawn('wrench')]);
    // The composer's microphone too.
    expect(html).toContain(`<path d="${drawn('mic')}"`);
  });
});
