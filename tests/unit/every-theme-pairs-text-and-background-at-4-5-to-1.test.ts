// The colour tokens of each theme, read from src/ui/styles.css and resolved through @radix-ui/colors: every
// text/background pair the interface draws is at least 4.5:1 (WCAG AA for normal text), code's syntax colours
// too, and the edge of a text box is at least 3:1 against the page (WCAG 1.4.11).
import { readFileSync } from 'node:fs';
import * as radix from '@radix-ui/colors';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/ui/styles.css', import.meta.url), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const scales = radix as unknown as Record<string, Record<string, string>>;

/** A token's colour: var(--slate-12) is slate12 of the light or dark scale, var(--bg) another token. */
function resolve(tokens: Record<string, string>, value: string, dark: boolean, depth = 0): string {
  if (depth > 5) throw new Error(`loop at ${value}`);
  const step = /^var\(--([a-z]+)-(\d+)\)$/.exec(value);
  if (step) {
    const colour = scales[dark ? `${step[1]}Dark` : step[1]]?.[`${step[1]}${step[2]}`];
    if (!colour) throw new Error(`unknown scale step ${value}`);
    return colour;
  }
  const token = /^var\(--([\w-]+)\)$/.exec(value);
  if (token) return resolve(tokens, tokens[token[1]], dark, depth + 1);
  return value;
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const light = block(':root');
const dark = { ...light, ...block(':root.dark') };
const THEMES = {
  light: { tokens: light, dark: false },
  dark: { tokens: dark, dark: true },
  blue: { tokens: { ...dark, ...block(':root.dark[data-theme="blue"]') }, dark: true },
  green: { tokens: { ...dark, ...block(':root.dark[data-theme="green"]') }, dark: true },
};

// Text token on background token, as the interface draws them.
const PAIRS: [string, string][] = [
  ['fg', 'bg'],
  ['fg', 'bg-soft'],
  ['fg', 'surface-muted'],
  ['fg', 'code-bg'],
  ['muted', 'bg'],
  ['muted', 'bg-soft'],
  ['muted', 'code-bg'],
  ['accent', 'bg'],
  ['accent', 'bg-soft'],
  ['accent-fg', 'accent'],
  ['danger', 'bg'],
  ['danger-fg', 'danger'],
  ['warning', 'bg'],
];

describe('theme colours', () => {
  for (const [name, theme] of Object.entries(THEMES)) {
    it(`${name}: every text/background pair is at least 4.5:1`, () => {
      const failing = PAIRS.map(([text, background]) => {
        const ratio = contrast(
          resolve(theme.tokens, `var(--${text})`, theme.dark),
          resolve(theme.tokens, `var(--${background})`, theme.dark),
        );
        return { pair: `${text} on ${background}`, ratio: Math.round(ratio * 100) / 100 };
      }).filter((p) => p.ratio < 4.5);
      expect(failing).toEqual([]);
    });
  }

  // Code's syntax colours (highlight.js classes in markdown.css): the light ones on the light code background,
  // the .dark ones on each dark theme's.
  const markdown = readFileSync(new URL('../../src/ui/markdown/markdown.css', import.meta.url), 'utf8');
  const syntax = [...markdown.matchAll(/((?:[^{}]*\.hljs-[^{}]*))\{[^}]*?color:\s*(#[0-9a-fA-F]{6})/g)].map(
    (m) => ({
      dark: /(^|\s)\.dark /.test(m[1]),
      colour: m[2],
    }),
  );
  it('code syntax colours are at least 4.5:1 on the code background of every theme', () => {
    expect(syntax.filter((s) => s.dark).length).toBeGreaterThan(5);
    expect(syntax.filter((s) => !s.dark).length).toBeGreaterThan(5);
    const failing = Object.entries(THEMES).flatMap(([name, theme]) => {
      const background = resolve(theme.tokens, 'var(--code-bg)', theme.dark);
      return syntax
        .filter((s) => s.dark === theme.dark)
        .map((s) => ({
          name,
          colour: s.colour,
          ratio: Math.round(contrast(s.colour, background) * 100) / 100,
        }))
        .filter((s) => s.ratio < 4.5);
    });
    expect(failing).toEqual([]);
  });

  it('text box edges are at least 3:1 against the page in every theme', () => {
    const failing = Object.entries(THEMES)
      .flatMap(([name, theme]) =>
        ['bg', 'bg-soft'].map((background) => ({
          name,
          background,
          ratio:
            Math.round(
              contrast(
                resolve(theme.tokens, 'var(--control-border)', theme.dark),
                resolve(theme.tokens, `var(--${background})`, theme.dark),
              ) * 100,
            ) / 100,
        })),
      )
      .filter((p) => p.ratio < 3);
    expect(failing).toEqual([]);
  });

  it('blue and green are tinted dark variants, not copies of dark', () => {
    expect(THEMES.blue.tokens.bg).not.toBe(dark.bg);
    expect(THEMES.green.tokens.bg).not.toBe(THEMES.blue.tokens.bg);
  });
});
