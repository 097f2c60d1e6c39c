// The slash-command menu: '/' after a space, or a space or zero-width character at the start of an empty
// line, opens it; the React menu (SlashMenu.tsx) renders this store's state.
import { Extension } from '@tiptap/core';
import type { ResolvedPos } from '@tiptap/pm/model';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion, { type SuggestionProps } from '@tiptap/suggestion';
import type { SlashItem } from './slash-items';

export interface SlashMenuState {
  open: boolean;
  items: SlashItem[];
  selected: number;
  rect: DOMRect | null;
  command: ((item: SlashItem) => void) | null;
}

export function createSlashStore() {
  let state: SlashMenuState = { open: false, items: [], selected: 0, rect: null, command: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<SlashMenuState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    set,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type SlashStore = ReturnType<typeof createSlashStore>;

/** The menu's width in css pixels (.slash-menu in writing.css) and its distance from the screen's edges. */
export const SLASH_MENU_WIDTH = 240;
const SLASH_MENU_MARGIN = 8;

/**
 * Where the menu's inline start goes: at the cursor (its right edge under the cursor in right-to-left text),
 * held inside the screen. An Arabic line that starts with '/' sets the cursor at the left edge, and text near
 * a phone's right edge in English leaves no 240 px after the cursor: unheld, the menu went off the screen.
 */
export function slashMenuLeft(rect: { left: number; right: number }, viewportWidth: number, rtl: boolean) {
  const width = Math.min(SLASH_MENU_WIDTH, viewportWidth - 2 * SLASH_MENU_MARGIN);
  const wanted = rtl ? rect.right - width : rect.left;
  return Math.max(SLASH_MENU_MARGIN, Math.min(wanted, viewportWidth - SLASH_MENU_MARGIN - width));
}

/** Finds the trigger before the cursor: "/query" after a space or line start, or a leading space / U+200B. */
export function findSlashMatch({ $position }: { $position: ResolvedPos }) {
  const parent = $position.parent;
  if (!parent.isTextblock || parent.type.spec.code) return null;
  const text = parent.textBetween(0, $position.parentOffset, undefined, '\ufffc');
  const slash = /(?:^|\s)(\/([^\s/]*))$/.exec(text);
  const leading = slash ? null : /^([ \u200b]([^\s\u200b]*))$/.exec(text);
  const match = slash ?? leading;
  if (!match) return null;
  const from = $position.pos - match[1].length;
  return { range: { from, to: $position.pos }, query: match[2], text: match[1] };
}

export const SlashCommands = Extension.create<{
  store: SlashStore | null;
  items: (props: { query: string; editor: import('@tiptap/core').Editor }) => SlashItem[];
}>({
  name: 'slashCommands',
  addOptions: () => ({ store: null, items: () => [] }),
  addProseMirrorPlugins() {
    const store = this.options.store;
    const show = (props: SuggestionProps<SlashItem, SlashItem>) =>
      store?.set({
        open: true,
        items: props.items,
        selected: 0,
        rect: props.clientRect?.() ?? null,
        command: (item) => props.command(item),
      });
    return [
      Suggestion<SlashItem, SlashItem>({
        pluginKey: new PluginKey('slashCommands'),
        editor: this.editor,
        char: '/',
        findSuggestionMatch: findSlashMatch as never,
        items: ({ query, editor }) => this.options.items({ query, editor }),
        command: ({ editor, range, props }) => props.run(editor, range),
        render: () => ({
          onStart: show,
          onUpdate: show,
          onExit: () => store?.set({ open: false, items: [], command: null, rect: null }),
          onKeyDown: ({ event }) => {
            if (!store) return false;
            const { items, selected, command, open } = store.get();
            if (!open) return false;
            if (event.key === 'Escape') {
              store.set({ open: false });
              return true;
            }
            if (items.length === 0) return false;
            if (event.key === 'ArrowDown') {
              store.set({ selected: (selected + 1) % items.length });
              return true;
            }
            if (event.key === 'ArrowUp') {
              store.set({ selected: (selected - 1 + items.length) % items.length });
              return true;
            }
            if (event.key === 'Enter') {
              command?.(items[selected]);
              return true;
            }
            return false;
          },
        }),
      }),
    ];
  },
});
