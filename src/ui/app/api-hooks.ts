// Connects the API's reactions (spec section 8) to the actor system and the toasts.
import { toast } from 'sonner';
import { configureApi } from '../../api/http';
import { currentLanguage } from '../../i18n';
import type { RootActor } from '../../machines/root';

export function installApiHooks(root: RootActor) {
  configureApi({
    language: currentLanguage,
    onUnauthorized: () => root.getSnapshot().context.auth.send({ type: 'UNAUTHORIZED' }),
    onForbidden: () => location.assign('/403.html'),
    onUpgradeRequired: (prompt) => root.send({ type: 'UPGRADE.REQUIRED', prompt }),
    onErrorToast: (message) => toast.error(message),
  });
}
