// /creation/{template type} and the discover pages: every creation tool of the landing's workshop as a card
// that opens it. The template type stays in the tool links (/creation/{type}/Presentation ...).
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { Link } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { useLanding } from '../chat/use-models';
import { CreationTabs } from './CreationTabs';
import './creation.css';

export function CreationHubPage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const type = useParams().type ?? 'all';
  const workshop = useLanding()?.aiCreationWorkshop ?? [];
  // The workshop's links name /creation/all/...: the page's own template type replaces it.
  const withType = (href: string) =>
    href.replace(/^\/creation\/[^/]+\//, `/creation/${encodeURIComponent(type)}/`);
  return (
    <article className="page creation-page" data-testid="creation-hub">
      <CreationTabs />
      <h1>{t('creation.hubTitle')}</h1>
      {workshop.length === 0 ? (
        <p className="muted">{t('creation.hubEmpty')}</p>
      ) : (
        <ul className="creation-hub">
          {workshop.map((item) => (
            <li key={item.id}>
              <Link
                to={to(withType(item.href))}
                className="creation-card"
                data-testid={`creation-card-${item.id}`}
              >
                <strong dir="auto">{item.name}</strong>
                <span className="muted small" dir="auto">
                  {item.description}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
