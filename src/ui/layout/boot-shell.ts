// index.html's boot shell (painted before the app's JavaScript arrives) leaves once the app draws itself. A chat
// the boot script drew (public/theme.js, #boot-chat) stays where it is until the app's list shows the same rows.

/** Past this, the boot script's chat leaves even if the app never showed its list (a page drawn otherwise). */
const BOOT_CHAT_AT_MOST_MS = 3000;

/**
 * Removes the boot shell; called where the app first draws (Layout) and where it fails to (the crash screen,
 * `keepChat` false). With `keepChat`, a chat the boot shell drew is kept on top at the same place, not taking
 * pointer events, until `removeBootChat` (react-virtuoso keeps the app's rows hidden for a few frames first).
 */
export function removeBootShell(keepChat = false) {
  const boot = document.getElementById('boot');
  const chat = document.getElementById('boot-chat');
  if (boot && chat && keepChat) {
    const box = chat.getBoundingClientRect();
    const scrolled = chat.scrollTop;
    Object.assign(chat.style, {
      position: 'fixed',
      left: `${box.left}px`,
      top: `${box.top}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
      zIndex: '1',
      pointerEvents: 'none',
      background: 'var(--bg)',
    });
    chat.setAttribute('aria-hidden', 'true');
    document.body.append(chat);
    chat.scrollTop = scrolled;
    window.setTimeout(removeBootChat, BOOT_CHAT_AT_MOST_MS);
  } else chat?.remove();
  boot?.remove();
  if (!chat?.isConnected) document.documentElement.removeAttribute('data-boot-chat');
}

/** The boot script's chat leaves: the app draws the chat now (or something else is on screen). */
export function removeBootChat() {
  document.getElementById('boot-chat')?.remove();
  document.documentElement.removeAttribute('data-boot-chat');
}

/** Whether the boot script's chat is still on screen, waiting for the app's rows. */
export const bootChatShown = () => document.getElementById('boot-chat') !== null;
