// The sidebar's feature menu: document chat, presentation, writing and workspace (their screens are
// separate routes), and a More item with the other creation tools. Writing and workspace carry feature tips.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { tipShown } from '../../machines/tips.machine';
import { NavLink } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { useRootSelector } from '../app/root-context';
import { Icon, type IconName } from '../icons';
import { PendingTrigger, useFloating } from '../kit/floating-later';
import { Tooltip } from '../kit/Tooltip';
import { FeatureTip } from './FeatureTip';

export const WRITING_TIP = 'writingFeature';
export const WORKSPACE_TIP = 'workspaceFeature';

const ITEMS: { key: string; path: string; icon: IconName; tip?: string }[] = [
  { key: 'docChat', path: '/chatwithdoc', icon: 'document' },
  { key: 'presentation', path: '/creation/all/Presentation', icon: 'slides' },
  { key: 'writing', path: '/writing', icon: 'write', tip: WRITING_TIP },
  { key: 'workspace', path: '/workspace/uploaded/all', icon: 'folder', tip: WORKSPACE_TIP },
];

/** Tools one click further away, under More. */
const MORE: { key: string; path: string; icon: IconName }[] = [
  { key: 'flowchart', path: '/creation/all/Flowchart', icon: 'flowchart' },
  { key: 'image', path: '/creation/all/Image', icon: 'image' },
  { key: 'allTools', path: '/creation/all', icon: 'grid' },
];

export function FeatureMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const to = useLangPath();
  const tips = useRootSelector((s) => s.context.tips);
  const values = useSelector(tips, (s) => s.context.values);
  // One tip at a time, in menu order, so the sidebar never fills with them.
  const activeTip = ITEMS.find((item) => item.tip && tipShown(values, item.tip))?.tip;

  return (
    <nav className="feature-menu" aria-label={t('features.menu')}>
      {ITEMS.map((item) => (
        <div key={item.key}>
          <Tooltip content={collapsed ? t(`features.${item.key}`) : null} side="right">
            <NavLink
              to={to(item.path)}
              className="feature-item"
              aria-label={collapsed ? t(`features.${item.key}`) : undefined}
              data-testid={`feature-${item.key}`}
            >
              <Icon name={item.icon} />
              {!collapsed && <span>{t(`features.${item.key}`)}</span>}
            </NavLink>
          </Tooltip>
          {!collapsed && item.tip && item.tip === activeTip && (
            <FeatureTip
              tag={item.tip}
              text={t(`features.${item.key}Tip`)}
              onClose={() => tips.send({ type: 'CLOSE', tag: item.tip as string })}
            />
          )}
        </div>
      ))}
      <MoreMenu collapsed={collapsed} />
    </nav>
  );
}

function MoreMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const to = useLangPath();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const floating = useFloating();
  const trigger = {
    className: 'feature-item feature-more',
    'aria-label': collapsed ? t('features.more') : undefined,
    'data-testid': 'feature-more',
  };
  const label = (
    <>
      <Icon name="more" />
      {!collapsed && <span>{t('features.more')}</span>}
    </>
  );
  if (!floating)
    return (
      <PendingTrigger {...trigger} onOpenChange={setOpen}>
        {label}
      </PendingTrigger>
    );
  const { DropdownMenu } = floating;
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <Tooltip content={collapsed ? t('features.more') : null} side="right">
        <DropdownMenu.Trigger {...trigger}>{label}</DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Portal>
        {/* Under More, not beside the sidebar: in a phone's drawer there is no room beside it (the menu was cut by
              the screen's edge in every language), and under it needs no left or right for Arabic pages. */}
        <DropdownMenu.Content className="menu" side="bottom" align="start" sideOffset={4}>
          {MORE.map((item) => (
            <DropdownMenu.Item
              key={item.key}
              className="menu-item"
              onSelect={() => navigate(to(item.path))}
              data-testid={`feature-${item.key}`}
            >
              <span className="menu-item-main">
                <Icon name={item.icon} />
                {t(`features.${item.key}`)}
              </span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
