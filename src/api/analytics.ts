// Client calls of analytics that do not go through the analytics worker's queue: the crash report.
import { AnalyticsPaths } from '../../common/contract';

/**
 * Sends the error boundary's crash report to the server log. Plain fetch with keepalive: it must work while
 * the app is broken or unloading, and a failure is dropped (a crash report never causes another error).
 */
export function reportCrash(error: Error, componentStack?: string | null) {
  try {
    void fetch(AnalyticsPaths.clientError, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        message: error.message,
        stack: error.stack ?? null,
        componentStack: componentStack ?? null,
        page: location.pathname,
      }),
    }).catch(() => undefined);
  } catch {
    // No fetch (very old browsers) or a body that cannot be built: nothing to do.
  }
}
