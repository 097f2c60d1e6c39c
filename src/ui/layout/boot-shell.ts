// index.html's boot shell (painted before the app's JavaScript arrives) leaves once the app draws itself. A chat
// the boot script drew (public/theme.js, #boot-chat) stays where it is until the app's list shows the same rows;
// so do the history rows it drew in the sidebar (#boot-history) until the app's history shows its own.

/** Past this after the chat page is drawn, the boot script's chat leaves even if the app's list never showed. */
export const BOOT_CHAT_AFTER_PAGE_MS = 3000;
/** And past this after the app's start (a page that is not the chat's, a chunk that never comes). */
const BOOT_CHAT_AT_MOST_MS = 15_000;
/** The composer's tools' height on a chat and the window's width it was measured at, for public/theme.js. */
const TOOLS_KEY = 'parley.bootTools';

/**
 * Removes the boot shell; called where the app first draws (Layout) and where it fails to (the crash screen,
 * `keepChat` false). With `keepChat`, a chat the boot shell drew is kept on top at the same place, not taking
 * pointer events, until `removeBootChat` (react-virtuoso keeps the app's rows hidden for a few frames first).
 */
export function removeBootShell(keepChat = false) {
  const boot = document.getElementById('boot');
  const chat = document.getElementById('boot-chat');
  if (boot && chat && keepChat) {
    keepOnTop(chat, 'var(--bg)');
    window.setTimeout(removeBootChat, BOOT_CHAT_AT_MOST_MS);
  } else chat?.remove();
  const history = document.getElementById('boot-history');
  // Only over the app's own history in a desktop sidebar (not a drawer, not collapsed, not a page without one).
  if (boot && history && keepChat && document.querySelector('#sidebar:not([data-drawer]) .history')) {
    keepOnTop(history, 'var(--bg-soft)');
    window.setTimeout(removeBootHistory, BOOT_CHAT_AT_MOST_MS);
  } else history?.remove();
  boot?.remove();
  if (!chat?.isConnected) document.documentElement.removeAttribute('data-boot-chat');
}

/** Moves a drawing of the boot shell out of it, at the same place on screen, over the app, ignoring the pointer. */
function keepOnTop(drawing: HTMLElement, background: string) {
  const box = drawing.getBoundingClientRect();
  const scrolled = drawing.scrollTop;
  Object.assign(drawing.style, {
    position: 'fixed',
    left: `${box.left}px`,
    top: `${box.top}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
    zIndex: '1',
    pointerEvents: 'none',
    background,
  });
  drawing.setAttribute('aria-hidden', 'true');
  document.body.append(drawing);
  drawing.scrollTop = scrolled;
}

/** The boot script's history rows leave: the app's history shows its own (or the sidebar changed). */
export function removeBootHistory() {
  document.getElementById('boot-history')?.remove();
}

/** The boot script's chat leaves: the app draws the chat now (or something else is on screen). */
export function removeBootChat() {
  document.getElementById('boot-chat')?.remove();
  document.documentElement.removeAttribute('data-boot-chat');
}

/** Whether the boot script's chat is still on screen, waiting for the app's rows. */
export const bootChatShown = () => document.getElementById('boot-chat') !== null;

/**
 * Keeps the height of a chat's composer tools (model, share, search; one line or two, by width and language):
 * the boot shell of the next visit at this width keeps that room above its composer, so the chat it draws sits
 * where the app draws it.
 */
export function rememberComposerTools(tools: Element | null | undefined) {
  if (!tools) return;
  try {
    localStorage.setItem(
      TOOLS_KEY,
      `${window.innerWidth}:${Math.round(tools.getBoundingClientRect().height)}`,
    );
  } catch {
    // Storage refused: the boot shell keeps its default room.
  }
}
