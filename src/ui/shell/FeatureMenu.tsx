// The sidebar's feature menu: document chat, presentation, writing and workspace (their screens are
// separate routes). Writing and workspace carry feature tips.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { tipShown } from '../../machines/tips.machine';
import { useLangPath } from '../app/paths';
import { useRootSelector } from '../app/root-context';
import { Icon, type IconName } from '../icons';
import { FeatureTip } from './FeatureTip';

export const WRITING_TIP = 'writingFeature';
export const WORKSPACE_TIP = 'workspaceFeature';

const ITEMS: { key: string; path: string; icon: IconName; tip?: string }[] = [
  { key: 'docChat', path: '/chatwithdoc', icon: 'document' },
  { key: 'presentation', path: '/creation/all/Presentation', icon: 'slides' },
  { key: 'writing', path: '/writing', icon: 'write', tip: WRITING_TIP },
  { key: 'workspace', path: '/workspace/uploaded/all', icon: 'folder', tip: WORKSPACE_TIP },
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
          <NavLink
            to={to(item.path)}
            className="feature-item"
            title={collapsed ? t(`features.${item.key}`) : undefined}
            aria-label={collapsed ? t(`features.${item.key}`) : undefined}
            data-testid={`feature-${item.key}`}
          >
            <Icon name={item.icon} />
            {!collapsed && <span>{t(`features.${item.key}`)}</span>}
          </NavLink>
          {!collapsed && item.tip && item.tip === activeTip && (
            <FeatureTip
              tag={item.tip}
              text={t(`features.${item.key}Tip`)}
              onClose={() => tips.send({ type: 'CLOSE', tag: item.tip as string })}
            />
          )}
        </div>
      ))}
    </nav>
  );
}
