// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, installPreloadErrorReload } from '../../src/ui/ErrorBoundary';

// jsdom cannot navigate, so location.reload is the one thing replaced.
const reload = vi.fn();
const realLocation = window.location;

beforeEach(() => {
  reload.mockClear();
  sessionStorage.clear();
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...realLocation, reload },
  });
  // React and the boundary both log the caught error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
});

function Throws({ error }: { error: Error }): never {
  throw error;
}

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/ChatPage-1a2b.js');

describe('the UI error boundary', () => {
  it('shows the crash message with a reload button and reports an ordinary error without reloading', () => {
    const onReport = vi.fn();
    render(
      <ErrorBoundary onReport={onReport}>
        <Throws error={new Error('boom')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Sorry, something went wrong.');
    expect(onReport).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), expect.anything());
    expect(console.error).toHaveBeenCalledWith(
      'UI error',
      expect.objectContaining({ message: 'boom' }),
      expect.anything(),
    );
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    'Failed to fetch dynamically imported module: /assets/a.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: /assets/a.js',
    'Unable to preload CSS for /assets/a.css',
  ])('reloads the page once for a failed module or stylesheet load: %s', (message) => {
    render(
      <ErrorBoundary>
        <Throws error={new Error(message)} />
      </ErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads for a ChunkLoadError by name', () => {
    const error = new Error('Loading failed');
    error.name = 'ChunkLoadError';
    render(
      <ErrorBoundary>
        <Throws error={error} />
      </ErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again when the chunk still fails right after the reload', () => {
    const first = render(
      <ErrorBoundary>
        <Throws error={chunkError()} />
      </ErrorBoundary>,
    );
    first.unmount();
    // The reloaded page (same tab, same sessionStorage) fails again: show the message, no loop.
    render(
      <ErrorBoundary>
        <Throws error={chunkError()} />
      </ErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('Sorry, something went wrong.');
  });

  it("reloads when a lazy page's chunk fails (the app's pages are React.lazy under a Suspense)", async () => {
    const Page = lazy(async () => {
      throw chunkError();
    });
    render(
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('installPreloadErrorReload', () => {
  it("reloads once on Vite's vite:preloadError event", () => {
    const uninstall = installPreloadErrorReload();
    act(() => {
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    });
    uninstall();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
