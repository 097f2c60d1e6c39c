import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlashGroup } from './editor/slash-items';
import { type SlashStore, slashMenuLeft } from './editor/slash-menu';
import '../../i18n/writing-strings';

const GROUPS: SlashGroup[] = ['basicBlocks', 'insertGroup'];
const MENU_MAX_HEIGHT = 320;

/** Renders the slash menu's state next to the cursor; the suggestion plugin owns the keys. */
export function SlashMenu({ store }: { store: SlashStore }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(store.subscribe, store.get);
  if (!state.open || !state.rect) return null;
  // Below the cursor, or above it when the menu would not fit below.
  const fitsBelow = state.rect.bottom + MENU_MAX_HEIGHT + 12 < window.innerHeight;
  const vertical = fitsBelow
    ? { top: state.rect.bottom + 6 }
    : { bottom: window.innerHeight - state.rect.top + 6 };
  const style = {
    ...vertical,
    left: slashMenuLeft(state.rect, window.innerWidth, document.documentElement.dir === 'rtl'),
  };
  return (
    <div className="slash-menu" role="listbox" style={style} data-testid="slash-menu">
      {state.items.length === 0 && <div className="slash-empty">{t('writing.noResults')}</div>}
      {GROUPS.map((group) => {
        const items = state.items.filter((item) => item.group === group);
        if (items.length === 0) return null;
        return (
          <div key={group} className="slash-group">
            <div className="slash-group-title">{t(`writing.${group}`)}</div>
            {items.map((item) => {
              const index = state.items.indexOf(item);
              return (
                <button
                  type="button"
                  key={item.id}
                  role="option"
                  aria-selected={index === state.selected}
                  className={`slash-item${index === state.selected ? ' selected' : ''}`}
                  data-testid={`slash-${item.id}`}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    state.command?.(item);
                  }}
                  onMouseEnter={() => store.set({ selected: index })}
                >
                  {t(`writing.${item.label}`)}
                </button>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
