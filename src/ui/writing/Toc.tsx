import { useTranslation } from 'react-i18next';
import type { TocEntry } from './editor/toc';
import '../../i18n/writing-strings';

export function Toc({ entries, onPick }: { entries: TocEntry[]; onPick(entry: TocEntry): void }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <nav className="writing-toc" aria-label={t('writing.toc')} data-testid="toc">
      <div className="writing-toc-title">{t('writing.toc')}</div>
      {entries.map((entry) => (
        <button
          type="button"
          key={`${entry.id}-${entry.itemIndex}`}
          className={`toc-item level-${entry.level}${entry.isActive ? ' active' : ''}${entry.isScrolledOver ? ' scrolled-over' : ''}`}
          data-testid="toc-item"
          data-active={entry.isActive}
          onClick={() => onPick(entry)}
        >
          {entry.textContent || '…'}
        </button>
      ))}
    </nav>
  );
}
