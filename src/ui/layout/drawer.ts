// The phone drawer the sidebar becomes below the narrow breakpoint, and the platform check for shortcut labels.
import { type RefObject, useEffect, useRef, useState } from 'react';

export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export interface Drawer {
  open: boolean;
  show(): void;
  close(): void;
  opener: RefObject<HTMLButtonElement | null>;
}

/** The phone drawer: opened by the menu button; closed by navigation, Escape, a tap outside or a swipe. */
export function useDrawer(narrow: boolean, navigation: number): Drawer {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const [api] = useState(() => ({
    show: () => setOpen(true),
    close: () => {
      setOpen(false);
      // Focus goes back to the menu button, as a dialog returns it to its opener.
      requestAnimationFrame(() => opener.current?.focus());
    },
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (its key) is what closes it, also one to the same page with another query (Writing tapped while a document is open goes to the list)
  useEffect(() => setOpen(false), [navigation]);
  useEffect(() => {
    if (!narrow) setOpen(false);
  }, [narrow]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // A menu or dialog opened from the drawer takes its own Escape first.
      if (event.key === 'Escape' && !event.defaultPrevented) api.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, api]);
  return { open, opener, ...api };
}
