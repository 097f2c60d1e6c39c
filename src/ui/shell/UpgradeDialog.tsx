// The upgrade prompt raised by code 20001 from any call, with the server's message.
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useRootActor, useRootSelector } from '../app/root-context';

export function UpgradeDialog() {
  const { t } = useTranslation();
  const root = useRootActor();
  const prompt = useRootSelector((s) => s.context.upgradePrompt);
  return (
    <Dialog.Root
      open={prompt !== null}
      onOpenChange={(open) => !open && root.send({ type: 'UPGRADE.DISMISS' })}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" style={{ width: 400 }} data-testid="upgrade-dialog">
          <Dialog.Title>{prompt?.shortMessage || t('upgrade.title')}</Dialog.Title>
          <Dialog.Description>{prompt?.message}</Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close className="button">{t('upgrade.later')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
