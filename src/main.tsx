import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { createRootActor } from './machines/root';
import { App } from './ui/app/App';
import { installApiHooks } from './ui/app/api-hooks';
import { installPreloadErrorReload } from './ui/ErrorBoundary';
import './ui/styles.css';

installPreloadErrorReload();
await initI18n();
const root = createRootActor();
installApiHooks(root);
root.start();
createRoot(document.getElementById('root')!).render(<App root={root} />);
