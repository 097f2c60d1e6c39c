// Quick links to the operator's community chat, social profile and app downloads: only those the operator
// has set up (LINK_*); with none set the list is not shown at all.
import { useTranslation } from 'react-i18next';
import type { AppLinks } from '../../../common/contract';
import { useAppLinks } from './app-links';

const ORDER: (keyof AppLinks)[] = ['community', 'social', 'chromeExtension', 'ios', 'android'];

export function QuickLinks() {
  const { t } = useTranslation();
  const links = useAppLinks();
  const set = ORDER.flatMap((key) => {
    const url = links?.[key];
    return url ? [{ key, url }] : [];
  });
  if (set.length === 0) return null;
  return (
    <ul className="quick-links" aria-label={t('links.title')} data-testid="quick-links">
      {set.map(({ key, url }) => (
        <li key={key}>
          <a href={url} target="_blank" rel="noopener noreferrer" data-testid={`link-${key}`}>
            {t(`links.${key}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
