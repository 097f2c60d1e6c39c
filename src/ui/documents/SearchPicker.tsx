// Chooses what grounds the next answer: nothing, web search or academic search. A search this server has
// not configured is offered disabled, with a line saying so.
import { ToggleGroup } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchMode, SearchStatus } from '../../../common/contract';
import { docsApi } from '../../api/documents';
import { Icon } from '../icons';

const KEY = 'searchMode';

export function useSearchMode() {
  const [mode, setMode] = useState<SearchMode | null>(() => {
    const saved = localStorage.getItem(KEY);
    return saved === 'web' || saved === 'academic' ? saved : null;
  });
  const choose = useCallback((next: SearchMode | null) => {
    if (next) localStorage.setItem(KEY, next);
    else localStorage.removeItem(KEY);
    setMode(next);
  }, []);
  return { mode, choose };
}

let statusOnce: Promise<SearchStatus> | null = null;

export function SearchPicker({
  mode,
  onChoose,
}: {
  mode: SearchMode | null;
  onChoose(mode: SearchMode | null): void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SearchStatus | null>(null);
  useEffect(() => {
    statusOnce ??= docsApi.searchStatus().catch(() => {
      statusOnce = null;
      return { web: false, academic: false };
    });
    let live = true;
    void statusOnce.then((value) => live && setStatus(value));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    // A remembered choice the server no longer offers is dropped.
    if (status && mode && !status[mode]) onChoose(null);
  }, [status, mode, onChoose]);
  const off = status && !status.web && !status.academic;
  if (off) {
    return (
      <span className="search-picker">
        <span className="muted small" title={t('documents.searchOff')} data-testid="search-off">
          {t('documents.searchOff')}
        </span>
      </span>
    );
  }
  // Two toggles: pressing the chosen one again turns search off.
  return (
    <ToggleGroup.Root
      type="single"
      className="search-picker"
      value={mode ?? ''}
      onValueChange={(value) => onChoose((value || null) as SearchMode | null)}
      aria-label={t('documents.sources')}
      data-testid="search-mode"
    >
      <ToggleGroup.Item
        value="web"
        className="chip search-chip"
        disabled={!status?.web}
        title={status?.web ? undefined : t('documents.searchOff')}
        data-testid="search-mode-web"
      >
        <Icon name="globe" size={14} />
        {t('documents.webSearch')}
      </ToggleGroup.Item>
      <ToggleGroup.Item
        value="academic"
        className="chip search-chip"
        disabled={!status?.academic}
        title={status?.academic ? undefined : t('documents.academicOff')}
        data-testid="search-mode-academic"
      >
        <Icon name="academic" size={14} />
        {t('documents.academicSearch')}
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
