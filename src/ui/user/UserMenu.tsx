import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLangPath } from '../app/paths';
import { useAuthState, useRootSelector } from '../app/root-context';
import { FeedbackModal } from '../feedback/FeedbackModal';
import { Modal } from '../kit/Modal';
import { DownloadAppModal } from './DownloadAppModal';
import { SettingsModal } from './SettingsModal';
import { UsageView } from './UsageView';

/** The user menu: usage, feedback, download app, release notes, settings (log out sits beside it). */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLangPath();
  const [usageOpen, setUsageOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const billing = useRootSelector((s) => s.context.billing);
  const { isLogin } = useAuthState();
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
            {isLogin && (
              <DropdownMenu.Item
                className="menu-item"
                onSelect={() => billing.send({ type: 'BILLING.OPEN' })}
                data-testid="menu-billing"
              >
                {t('billing.manage.title')}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => setFeedbackOpen(true)}
              data-testid="menu-feedback"
            >
              {t('feedback.menuItem')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => setDownloadOpen(true)}
              data-testid="menu-download"
            >
              {t('download.menuItem')}
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
      <Modal
        open={usageOpen}
        onOpenChange={setUsageOpen}
        title={t('menu.usage')}
        width={440}
        testId="usage-dialog"
      >
        <UsageView />
      </Modal>
      <SettingsModal open={settingsOpen} onOpenChange={setSettingsOpen} />
      <FeedbackModal open={feedbackOpen} onOpenChange={setFeedbackOpen} />
      <DownloadAppModal open={downloadOpen} onOpenChange={setDownloadOpen} />
    </>
  );
}
