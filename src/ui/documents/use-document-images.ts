// The pictures of one document for the Images view: waits for their extraction, then pages through them
// with beforeImageId. Offline (or when the server cannot be reached) the view says so and tries again once
// the browser is back online; pictures are not kept for offline use.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentImage } from '../../../common/contract';
import { docImagesApi } from '../../api/document-images';
import { ApiError } from '../../api/http';

const BATCH = 30;

export type DocumentImagesState =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'failed' }
  | { status: 'ready'; images: DocumentImage[]; hasMore: boolean };

const unreachable = (error: unknown) =>
  !navigator.onLine || (error instanceof ApiError && error.kind === 'network');

export function useDocumentImages(md5: string) {
  const [state, setState] = useState<DocumentImagesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadingMore = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks for the same document again
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadingMore.current = false;
    (async () => {
      if (!navigator.onLine) return setState({ status: 'offline' });
      await docImagesApi.extract(md5, controller.signal);
      const first = await docImagesApi.list({ md5, limit: BATCH }, controller.signal);
      if (!controller.signal.aborted) setState({ status: 'ready', ...first });
    })().catch((error) => {
      if (!controller.signal.aborted) setState({ status: unreachable(error) ? 'offline' : 'failed' });
    });
    return () => controller.abort();
  }, [md5, attempt]);

  useEffect(() => {
    if (state.status !== 'offline') return;
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [state.status]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || !state.hasMore || loadingMore.current) return;
    loadingMore.current = true;
    const last = state.images[state.images.length - 1];
    try {
      const next = await docImagesApi.list({ md5, limit: BATCH, beforeImageId: last.imageId });
      setState((current) =>
        current.status === 'ready'
          ? { status: 'ready', images: [...current.images, ...next.images], hasMore: next.hasMore }
          : current,
      );
    } catch {
      // The next scroll to the end asks again.
    } finally {
      loadingMore.current = false;
    }
  }, [md5, state]);

  return { state, loadMore, retry: () => setAttempt((n) => n + 1) };
}
