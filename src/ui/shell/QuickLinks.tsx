// Quick links to the operator's community chat, social profile and app downloads. A link the operator
// has not set up is shown as such rather than pointing somewhere invented.
import { useTranslation } from 'react-i18next';
import type { AppLinks } from '../../api/contract';
import { useAppLinks } from './app-links';

const ORDER: (keyof AppLinks)[] = ['community', 'social', 'chromeExtension', 'ios', 'android'];

export function QuickLinks() {
  const { t } = useTranslation();
  const links = useAppLinks();
  return (
    <ul className="quick-links" aria-label={t('links.title')} data-testid="quick-links">
      {ORDER.map((key) => {
        const url = links?.[key] ?? null;
        return (
          <li key={key}>
            {url ? (
              <a href={url} target="_blank" rel="noopener noreferrer" data-testid={`link-${key}`}>
                {t(`links.${key}`)}
              </a>
            ) : (
              <span
                className="muted"
                title={t('links.notSetUp')}
                aria-disabled="true"
                data-testid={`link-${key}-unset`}
              >
                {t(`links.${key}`)}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
