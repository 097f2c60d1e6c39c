// The app's keyboard shortcuts: a keydown listener on the document matched by the key's place on the keyboard
// (event.code), so Ctrl+I is the same key on an Arabic or a French layout, with exactly the modifiers named. The
// app has three shortcuts; a library for them (react-hotkeys-hook) was 2 KiB of the page's start-up code.
import { useEffect, useRef } from 'react';

export interface Shortcut {
  /** KeyboardEvent.code: 'KeyI', 'Slash', 'Escape'. */
  code: string;
  ctrl?: boolean;
  meta?: boolean;
}

export interface ShortcutOptions {
  /** Off while false (the listener stays away). */
  enabled?: boolean;
  /** Also while typing in an input, a textarea or a select. */
  inFields?: boolean;
  /** Also in a contenteditable (the writing editor). */
  inEditors?: boolean;
  preventDefault?: boolean;
}

const typingIn = (target: EventTarget | null, tags: boolean, editors: boolean) =>
  target instanceof HTMLElement &&
  ((!tags && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) || (!editors && target.isContentEditable));

export function useShortcut(
  shortcut: Shortcut,
  handler: (event: KeyboardEvent) => void,
  { enabled = true, inFields = false, inEditors = false, preventDefault = false }: ShortcutOptions = {},
) {
  // The newest handler runs, without listening again on every render.
  const latest = useRef(handler);
  latest.current = handler;
  const { code, ctrl = false, meta = false } = shortcut;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.code !== code ||
        event.ctrlKey !== ctrl ||
        event.metaKey !== meta ||
        event.altKey ||
        event.shiftKey ||
        // A key that ends an input method's composition (Chinese, Japanese) is the composition's.
        event.isComposing ||
        typingIn(event.target, inFields, inEditors)
      )
        return;
      if (preventDefault) event.preventDefault();
      latest.current(event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [code, ctrl, meta, enabled, inFields, inEditors, preventDefault]);
}
