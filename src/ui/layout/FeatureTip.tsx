import { useTranslation } from 'react-i18next';

/**
 * A feature tip attached under its menu item. It sits in the sidebar's flow rather than floating over
 * the page, so it never covers what the user is working on.
 */
export function FeatureTip({ tag, text, onClose }: { tag: string; text: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <div className="feature-tip" role="note" data-testid={`tip-${tag}`}>
      <span className="feature-tip-badge">{t('features.new')}</span>
      <p>{text}</p>
      <button type="button" className="button small" onClick={onClose} data-testid={`tip-${tag}-close`}>
        {t('features.gotIt')}
      </button>
    </div>
  );
}
