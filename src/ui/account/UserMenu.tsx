import { Dialog, DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLangPath } from '../app/paths';
import { SettingsModal } from './SettingsModal';
import { UsageView } from './UsageView';

/** The user menu: usage, release notes, settings (log out sits beside it for members). */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLangPath();
  const [usageOpen, setUsageOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="button" data-testid="user-menu">
          {collapsed ? '⋯' : t('menu.title')}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" side="top" align="start">
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => setUsageOpen(true)}
              data-testid="menu-usage"
            >
              {t('menu.usage')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => navigate(to('/releasenote'))}
              data-testid="menu-release-notes"
            >
              {t('menu.releaseNotes')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => setSettingsOpen(true)}
              data-testid="menu-settings"
            >
              {t('menu.settings')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog.Root open={usageOpen} onOpenChange={setUsageOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" style={{ width: 440 }} data-testid="usage-dialog">
            <Dialog.Title>{t('menu.usage')}</Dialog.Title>
            <UsageView />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <SettingsModal open={settingsOpen} onOpenChange={setSettingsOpen} />
    </>
  );
}
