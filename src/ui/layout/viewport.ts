// The phone layout's two inputs: whether the screen is narrow (the sidebar becomes a drawer) and how much of
// the window the on-screen keyboard leaves (so the composer stays above it where the browser does not resize).
import { useEffect, useSyncExternalStore } from 'react';

/** Below this width the sidebar is a drawer and dialogs are sheets; the CSS uses the same number. */
export const NARROW_QUERY = '(max-width: 767px)';

export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
  );
}

/**
 * Keeps `--app-height` on the root at the visible height. Chromium on Android resizes the page for the
 * keyboard (the viewport meta asks for `interactive-widget=resizes-content`); Safari on iOS only shrinks the
 * visual viewport, and without this the composer would sit under the keyboard there.
 */
export function useVisibleHeight() {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => {
      // Times the scale: a pinch zoom shrinks the visual viewport too, but must not shrink the layout.
      root.style.setProperty('--app-height', `${Math.round(viewport.height * viewport.scale)}px`);
      // iOS scrolls the whole page to show the focused field; the shell already fits, so undo it (not while
      // the user pans a zoomed page).
      if (viewport.scale === 1 && viewport.offsetTop > 0 && document.scrollingElement)
        document.scrollingElement.scrollTop = 0;
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      root.style.removeProperty('--app-height');
    };
  }, []);
}
