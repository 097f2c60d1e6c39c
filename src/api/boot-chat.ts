// The chat asked for by public/theme.js when the page was opened at its address, before any of the app's code
// had arrived: its answer is the app's first load of that chat (chatApi.prefetchChannel), taken once.

interface BootChat {
  channelId: string;
  /** The token the boot script sent; the answer is taken only by a caller that would send the same. */
  token: string;
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    parleyBootChat?: BootChat;
  }
}

/** Older than this, the boot script's answer is not used: the chat is asked again. */
const BOOT_FOR_MS = 10_000;

/**
 * The boot script's answer for this chat, if it asked with this token (the one the app's request would carry)
 * less than 10 s ago; handed out once, and dropped whichever chat is asked for first.
 */
export function takeBootChat(channelId: string, token: string | null): BootChat | null {
  const boot = window.parleyBootChat;
  if (!boot) return null;
  window.parleyBootChat = undefined;
  const fits = boot.channelId === channelId && token !== null && boot.token === token;
  return fits && Date.now() - boot.at < BOOT_FOR_MS ? boot : null;
}
