// The chat history in the sidebar: a search over titles and the chats grouped by day, newest first.
import {
  forwardRef,
  type HTMLAttributes,
  type Ref,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { GroupedVirtuoso, type GroupedVirtuosoProps } from 'react-virtuoso';
import { tokenStore } from '../../api/storage';
import { currentLanguage } from '../../i18n';
import { cacheOwner } from '../../local/cache-owner';
import type { LocalChannel } from '../../local/schema';
import { useAuthState } from '../app/root-context';
import { useCacheQuery } from '../app/use-cache-query';
import { Skeleton } from '../kit/Skeleton';
import { removeBootHistory } from './boot-shell';
import { HistoryItem } from './HistoryItem';
import { groupHistory, type HistoryGroup } from './history-groups';

const FIRST_ROWS = 40;
const GROUPS: HistoryGroup[] = ['today', 'yesterday', 'week', 'month', 'older'];

// Virtuoso draws its rows into these, so the history stays one list of items with the day headings in it.
const components: GroupedVirtuosoProps<LocalChannel, unknown>['components'] = {
  List: forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function HistoryRows(props, ref) {
    return (
      <ul
        {...(props as unknown as HTMLAttributes<HTMLUListElement>)}
        ref={ref as Ref<HTMLUListElement>}
        className="history-list"
      />
    );
  }),
  Item: ({ item: _item, context: _context, ...props }) => <li {...props} />,
  Group: ({ context: _context, ...props }) => <li {...props} />,
};

/**
 * Where the desktop sidebar's history list was, and its day headings' words, for public/theme.js: one place for a
 * touch screen and one for a mouse (layout.css makes a finger's rows taller), as a hybrid laptop has both.
 */
const HISTORY_KEY = 'parley.bootHistory';

/**
 * Keeps where the desktop sidebar's history list starts (from the sidebar's top, as if scrolled to its start) and
 * ends (from the sidebar's bottom), with the day headings' words in this language: the boot shell of the next
 * visit in this language draws its rows there (the feature menu's tip and the account footer move them).
 */
function rememberHistoryPlace(list: Element, language: string, groups: Record<string, string>) {
  const scroller = list.closest('.history');
  const sidebar = list.closest('#sidebar:not([data-drawer])');
  if (!scroller || !sidebar) return;
  const side = sidebar.getBoundingClientRect();
  const box = scroller.getBoundingClientRect();
  const top = Math.round(list.getBoundingClientRect().top - side.top + scroller.scrollTop);
  try {
    localStorage.setItem(
      `${HISTORY_KEY}.${matchMedia('(pointer: coarse)').matches ? 'touch' : 'mouse'}`,
      JSON.stringify({ lang: language, top, bottom: Math.round(side.bottom - box.bottom), groups }),
    );
  } catch {
    // Storage refused: the boot shell draws no history.
  }
}

export function History() {
  const { t } = useTranslation();
  // A screenful first, then every chat (for the scroll length and the search): with thousands of chats the
  // whole list takes a tenth of a second or more to read, and the chat being opened reads beside it.
  // Only the device's chats of the user now here: after a token change the cache may still hold the previous
  // user's until this one's list is written (the auth state re-runs the reads when the user changes).
  const { status, user } = useAuthState();
  const token = tokenStore.current();
  // The table is read either way: a live query that read nothing would not wake when the new owner's list lands.
  const mine = <T,>(rows: T[]) => (cacheOwner.holds(tokenStore.current()) ? rows : []);
  const head = useCacheQuery(
    async ({ channels }) => mine(await channels.newest(FIRST_ROWS)),
    [status, user?.uid, token],
  );
  // The full read waits a tenth of a second: read beside the opened chat's messages it delayed them (in
  // bench/cache-open.ts the chat's p50 went from about 135 to 110 ms). Meanwhile the search covers the head.
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!head || idle) return;
    const id = setTimeout(() => setIdle(true), 100);
    return () => clearTimeout(id);
  }, [head, idle]);
  const all = useCacheQuery(
    async ({ channels }) => (idle ? mine(await channels.list()) : undefined),
    [idle, status, user?.uid, token],
  );
  const list = all ?? head;
  const [query, setQuery] = useState('');
  // Typing stays smooth with thousands of chats: the filter follows a moment behind the keys.
  const deferred = useDeferredValue(query);
  const groups = useMemo(
    () => groupHistory(list ?? [], deferred, Date.now(), currentLanguage()),
    [list, deferred],
  );
  const rows = useMemo(() => groups.flatMap((group) => group.channels), [groups]);
  // The sidebar (or the collapsed sidebar's popover) scrolls; the list draws only the rows in view there,
  // so opening the app with thousands of chats costs the same as with a screenful.
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [rowsBox, setRowsBox] = useState<HTMLElement | null>(null);
  const empty = list?.length === 0;
  // The rows the boot shell drew (public/theme.js) leave in the commit that shows these, before that paint; or
  // at once when there is nothing to show.
  useLayoutEffect(() => {
    if (empty) return removeBootHistory();
    // Not read yet, or the rows' box comes with the next render.
    if (!rowsBox) return;
    const shown = () => rowsBox.querySelector('[data-testid="history-item"]') !== null;
    if (shown()) return removeBootHistory();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      removeBootHistory();
    });
    observer.observe(rowsBox, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, [empty, rowsBox]);
  // Where these rows are is kept for the next visit's boot shell, again whenever the history's box changes (the
  // feature tip closed, the account footer changed, the window resized).
  useEffect(() => {
    if (!rowsBox || !scroller) return;
    const groups = Object.fromEntries(GROUPS.map((group) => [group, t(`layout.historyGroup.${group}`)]));
    const observer = new ResizeObserver(() => rememberHistoryPlace(rowsBox, currentLanguage(), groups));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [rowsBox, scroller, t]);
  // The history leaves the sidebar (collapsed): so do the boot shell's rows.
  useEffect(() => removeBootHistory, []);
  if (!list) return <Skeleton lines={4} label={t('layout.history')} />;
  if (list.length === 0) return <p className="muted small">{t('layout.noChats')}</p>;
  return (
    <>
      <input
        type="search"
        className="history-search"
        value={query}
        placeholder={t('layout.searchChats')}
        aria-label={t('layout.searchChats')}
        onChange={(event) => setQuery(event.target.value)}
        data-testid="history-search"
      />
      {groups.length === 0 && (
        <p className="muted small" data-testid="history-no-match">
          {t('layout.noMatchingChats')}
        </p>
      )}
      <div
        data-testid="history-list"
        ref={(element) => {
          setRowsBox(element);
          setScroller(element?.closest<HTMLElement>('.history, .history-popover') ?? null);
        }}
      >
        {scroller && (
          <GroupedVirtuoso
            customScrollParent={scroller}
            groupCounts={groups.map((group) => group.channels.length)}
            defaultItemHeight={34}
            increaseViewportBy={200}
            components={components}
            computeItemKey={(index) => rows[index]?.channelId ?? index}
            groupContent={(index) => (
              <h3 className="history-group-title" data-testid="history-group">
                {t(`layout.historyGroup.${groups[index].group}`)}
              </h3>
            )}
            itemContent={(index) => <HistoryItem channel={rows[index]} />}
          />
        )}
      </div>
    </>
  );
}
