import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { reportCrash } from '../../api/shell';
import type { RootActor } from '../../machines/root';
import { ErrorBoundary } from '../ErrorBoundary';
import { UpdatePrompt } from '../shell/UpdatePrompt';
import { RootProvider } from './root-context';
import { createRouter } from './routes';

export function App({ root }: { root: RootActor }) {
  const router = useMemo(createRouter, []);
  return (
    <ErrorBoundary onReport={(error, info) => reportCrash(error, info.componentStack)}>
      <RootProvider actor={root}>
        <RouterProvider router={router} />
        <UpdatePrompt />
        <Toaster position="top-center" richColors dir={document.documentElement.dir as 'ltr' | 'rtl'} />
      </RootProvider>
    </ErrorBoundary>
  );
}
