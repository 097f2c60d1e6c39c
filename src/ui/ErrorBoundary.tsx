// The crash screen ('Sorry, something went wrong.'); a failed lazy module or stylesheet load, which
// happens after a redeploy removed the old chunks, reloads the page instead (once, so it never loops).
import i18n from 'i18next';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { removeBootShell } from './layout/boot-shell';

const RELOAD_KEY = 'parley.chunkReloadAt';
// A second chunk failure within this window means the reload did not help: show the error instead.
const RELOAD_GUARD_MS = 60_000;
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return typeof error === 'string' && CHUNK_ERROR.test(error);
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** Reloads the page unless this tab already did so for a failed load in the last minute. */
export function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY));
    if (last && Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // Without storage there is no loop guard, so do not reload at all.
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * Vite fires 'vite:preloadError' when a lazy chunk or its CSS fails to load (stale deploy). Offline it is no
 * sign of a new deploy, only of a chunk this device never fetched: then the caller shows its own error (a
 * reload would lose what is on screen and fail the same way).
 */
export function installPreloadErrorReload(): () => void {
  const onPreloadError = () => {
    if (navigator.onLine === false) return;
    reloadOnce();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}

// The boundary may render before i18next is initialised (or because initialising failed): English then.
const say = (key: string, english: string) =>
  i18n.isInitialized ? i18n.t(key, { defaultValue: english }) : english;

interface Props {
  children: ReactNode;
  /** Called with every caught error, e.g. to send it to the server's log. */
  onReport?(error: Error, info: ErrorInfo): void;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // The crash screen is drawn under the boot shell when the app failed before its first page.
    removeBootShell();
    console.error('UI error', error, info.componentStack);
    this.props.onReport?.(error, info);
    if (isChunkLoadError(error)) reloadOnce();
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="empty-state" role="alert" data-testid="error-boundary">
        <p>{say('common.somethingWrong', 'Sorry, something went wrong.')}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {say('common.reload', 'Reload')}
        </button>
      </div>
    );
  }
}

/**
 * Around the page, inside the app's frame. A page whose code cannot be fetched (the server stopped or the
 * network gone, and this device never opened that page, so its worker has no copy) says so there, with the
 * sidebar left to go elsewhere; it replaced the whole app with 'Sorry, something went wrong.' before. Online, a
 * failed chunk is first taken for a new deploy and reloads once, as the crash screen did. Any other error goes
 * on up to the crash screen.
 */
export class PageErrorBoundary extends Component<
  { children: ReactNode },
  { error: Error | null; children: ReactNode }
> {
  state = { error: null as Error | null, children: this.props.children };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  // Another page drawn (new children from the router, which may follow the address a render later than the
  // frame does) clears the message; the same page failing again brings it back at once.
  static getDerivedStateFromProps(props: { children: ReactNode }, state: { children: ReactNode }) {
    return props.children === state.children ? null : { error: null, children: props.children };
  }

  componentDidCatch(error: Error) {
    if (!isChunkLoadError(error)) return;
    removeBootShell();
    if (navigator.onLine !== false) reloadOnce();
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return (
      <div className="empty-state" role="alert" data-testid="page-load-failed">
        <p>
          {say(
            'common.pageLoadFailed',
            'This page could not be loaded. Check your connection and try again.',
          )}
        </p>
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          {say('common.tryAgain', 'Try again')}
        </button>
      </div>
    );
  }
}
