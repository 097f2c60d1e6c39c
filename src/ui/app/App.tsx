import { Direction } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { reportCrash } from '../../api/analytics';
import type { RootActor } from '../../machines/root';
import { trackCrash } from '../analytics/app-events';
import { ErrorBoundary } from '../ErrorBoundary';
import { useFloatingAfterFirstDraw } from '../kit/floating-later';
import { Toasts } from '../kit/toast';
import { UpdatePrompt } from '../layout/UpdatePrompt';
import { RootProvider } from './root-context';
import { AppRoutes } from './routes';

export function App({ root }: { root: RootActor }) {
  const { t, i18n } = useTranslation();
  useFloatingAfterFirstDraw();
  return (
    <ErrorBoundary
      onReport={(error, info) => {
        reportCrash(error, info.componentStack);
        trackCrash(error, location.pathname);
      }}
    >
      {/* Radix parts (tabs, menus) write their own dir attribute: they follow the page's language. */}
      <Direction.Provider dir={i18n.dir()}>
        <RootProvider actor={root}>
          <AppRoutes />
          <UpdatePrompt />
          {/* sonner and its Toaster load with the first toast. */}
          <Toasts
            position="top-center"
            richColors
            dir={document.documentElement.dir as 'ltr' | 'rtl'}
            // Sonner's own label is English ("Notifications alt+T"); its hotkey stays Alt+T.
            customAriaLabel={t('common.notifications', { keys: 'Alt+T' })}
            toastOptions={{ closeButtonAriaLabel: t('common.close') }}
          />
        </RootProvider>
      </Direction.Provider>
    </ErrorBoundary>
  );
}
