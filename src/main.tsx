import { createRoot } from 'react-dom/client';
import { installUnloadReset } from './api/storage';
import { initI18n } from './i18n';
import { cacheReady } from './local/db';
import { createRootActor } from './machines/root';
import { trackAppEvents } from './ui/analytics/app-events';
import { App } from './ui/app/App';
import { installApiHooks } from './ui/app/api-hooks';
import { fetchLanding } from './ui/chat/use-models';
import { installPreloadErrorReload } from './ui/ErrorBoundary';
import './ui/styles.css';
import { installThemeFollower } from './ui/theme/theme';

installPreloadErrorReload();
installThemeFollower();
installUnloadReset();
// index.html's boot shell is painted first: on a fast network the code arrives before the first frame, and
// starting the app (its requests, the first render) would hold that frame back. One frame, or 100 ms in a tab
// that does not draw frames.
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve));
  setTimeout(resolve, 100);
});
await initI18n();
const root = createRootActor();
installApiHooks(root);
// Asked now, beside the page's chunks, rather than once they have loaded (the home page draws from it).
fetchLanding().catch(() => {});
root.start();
// Social login failures show no message; they, confirmed pay returns and crashes go to analytics.
trackAppEvents(root);
createRoot(document.getElementById('root')!).render(<App root={root} />);
// The device's cache (Dexie) is not start-up code: its chunk is asked for now, beside the page's, not on first use
// (a chat's address has asked already, from its route's loader). Its history, messages and sync wait for it.
void cacheReady();
