// The spec's crash screen ('Sorry, something went wrong.'); a failed lazy module or stylesheet load, which
// happens after a redeploy, reloads the page instead (once, so it never loops).
import i18n from 'i18next';
import { Component, type ErrorInfo, type ReactNode } from 'react';

const RELOAD_KEY = 'parley.reloadedForChunk';
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Loading chunk \d+ failed/i;

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && (CHUNK_ERROR.test(error.message) || error.name === 'ChunkLoadError');

export function reloadOnce(): boolean {
  try {
    if (sessionStorage.getItem(RELOAD_KEY)) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // Without storage, a single reload is still better than a dead page.
  }
  window.location.reload();
  return true;
}

export function installPreloadErrorReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  // A page that loaded fine clears the guard, so a later redeploy may reload again.
  window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem(RELOAD_KEY), 10_000));
}

interface Props {
  children: ReactNode;
  onReport?(error: Error, info: ErrorInfo): void;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkLoadError(error) && reloadOnce()) return;
    console.error('UI error', error, info.componentStack);
    this.props.onReport?.(error, info);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="empty-state" role="alert" data-testid="error-boundary">
        <p>{i18n.t('common.somethingWrong', { defaultValue: 'Sorry, something went wrong.' })}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {i18n.t('common.reload', { defaultValue: 'Reload' })}
        </button>
      </div>
    );
  }
}
