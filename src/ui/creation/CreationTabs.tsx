// Tabs between the creation tools; {type} of /creation/{type}/... is kept (it defaults to all).
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { NavLink } from '../app/navigation';
import { useLangPath } from '../app/paths';

const TOOLS = ['Presentation', 'Flowchart', 'Image'] as const;

export function CreationTabs() {
  const { t } = useTranslation();
  const to = useLangPath();
  const type = useParams().type ?? 'all';
  return (
    <nav className="creation-tabs" aria-label={t('creation.tools')}>
      {TOOLS.map((tool) => (
        <NavLink key={tool} to={to(`/creation/${type}/${tool}`)} className="creation-tab">
          {t(`creation.tool.${tool}`)}
        </NavLink>
      ))}
    </nav>
  );
}
