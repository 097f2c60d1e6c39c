// Tabs between the creation tools; {type} of /creation/{type}/... is kept (it defaults to all). The page says
// which tool it is: the same tool has several addresses (/creation/Presentation, /creation/all/Presentation,
// /ppt), and matching the link's address marked no tab on the ones the sidebar and the workspace open.
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { Link } from '../app/navigation';
import { useLangPath } from '../app/paths';

const TOOLS = ['Presentation', 'Flowchart', 'Image'] as const;
export type CreationTool = (typeof TOOLS)[number];

export function CreationTabs({ current }: { current?: CreationTool }) {
  const { t } = useTranslation();
  const to = useLangPath();
  const type = useParams().type ?? 'all';
  return (
    <nav className="creation-tabs" aria-label={t('creation.tools')}>
      {TOOLS.map((tool) => (
        <Link
          key={tool}
          to={to(`/creation/${type}/${tool}`)}
          className={tool === current ? 'creation-tab active' : 'creation-tab'}
          aria-current={tool === current ? 'page' : undefined}
          data-testid={`creation-tab-${tool}`}
        >
          {t(`creation.tool.${tool}`)}
        </Link>
      ))}
    </nav>
  );
}
