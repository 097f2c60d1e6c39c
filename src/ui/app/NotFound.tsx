import { useTranslation } from 'react-i18next';
import { Link } from './navigation';
import { useLangPath } from './paths';

export function NotFound() {
  const { t } = useTranslation();
  const to = useLangPath();
  return (
    <div className="empty-state">
      <p>{t('common.notFound')}</p>
      <Link to={to('/')}>{t('common.backHome')}</Link>
    </div>
  );
}
