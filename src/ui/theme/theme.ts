// The colour theme: light, dark, blue or green (blue and green are dark variants), or the system's choice.
// Kept on this device; public/theme.js applies it before the first paint with the same key and attributes.
import { useSyncExternalStore } from 'react';

export const THEMES = ['system', 'light', 'dark', 'blue', 'green'] as const;
export type ThemeChoice = (typeof THEMES)[number];

const KEY = 'parley.theme';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function savedTheme(): ThemeChoice {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    // Storage refused (private mode): the system's choice.
  }
  return (THEMES as readonly string[]).includes(saved ?? '') ? (saved as ThemeChoice) : 'system';
}

const systemDark = () => window.matchMedia?.(SYSTEM_DARK).matches ?? false;

/** Sets data-theme (the palette) and the .dark class (which switches the @radix-ui/colors scales). */
export function applyTheme(choice: ThemeChoice = savedTheme()) {
  const dark = choice === 'system' ? systemDark() : choice !== 'light';
  const root = document.documentElement;
  root.dataset.theme = choice === 'system' ? (dark ? 'dark' : 'light') : choice;
  root.classList.toggle('dark', dark);
}

export function chooseTheme(choice: ThemeChoice) {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // Not kept, but still applied to this page.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

/** Follows the system's light/dark switch while "follow the system" is chosen. */
export function installThemeFollower() {
  applyTheme();
  window.matchMedia?.(SYSTEM_DARK).addEventListener('change', () => {
    if (savedTheme() === 'system') {
      applyTheme('system');
      for (const listener of listeners) listener();
    }
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme (what Settings shows). */
export const useThemeChoice = () => useSyncExternalStore(subscribe, savedTheme);

/** True when the page is dark now (for drawings that pick their own colours, such as diagrams). */
export const useDarkTheme = () =>
  useSyncExternalStore(subscribe, () => document.documentElement.classList.contains('dark'));
