// Chooses what grounds the next answer: nothing, web search or academic search. A search this server has
// not configured is offered disabled, with a line saying so.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchMode, SearchStatus } from '../../api/contract';
import { docsApi } from '../../api/docs';

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
  return (
    <span className="search-picker">
      <select
        value={mode ?? ''}
        aria-label={t('docs.sources')}
        onChange={(event) => onChoose((event.target.value || null) as SearchMode | null)}
        data-testid="search-mode"
      >
        <option value="">—</option>
        <option value="web" disabled={!status?.web} title={status?.web ? undefined : t('docs.searchOff')}>
          {t('docs.webSearch')}
        </option>
        <option
          value="academic"
          disabled={!status?.academic}
          title={status?.academic ? undefined : t('docs.academicOff')}
        >
          {t('docs.academicSearch')}
        </option>
      </select>
      {off && (
        <span className="muted small" title={t('docs.searchOff')} data-testid="search-off">
          {t('docs.searchOff')}
        </span>
      )}
    </span>
  );
}
