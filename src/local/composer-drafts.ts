// What was typed in a chat's composer and not sent yet, one per chat (the new chat has its own), so a reload, a
// crash, a trip to the payment page or a sign-up gives it back. localStorage: a few KB read synchronously in
// the composer's first render, so the words are there in the first frame; logging out forgets them, and a session
// that ends without a logout sets them aside for their account (local/session-end.ts).
/** Every draft's localStorage key starts so (session-end.ts sets them aside by it). */
export const DRAFT_PREFIX = 'parley.draft.';
const PREFIX = DRAFT_PREFIX;
/** A question sent but not yet taken by the server (its answer has not started). */
const UNSENT = `${PREFIX}unsent.`;

const keyOf = (chat: string) => PREFIX + chat;

/** One kept text: its key without the prefix (a chat's draft, or `unsent.` and the chat). */
export interface ComposerDraft {
  key: string;
  text: string;
}

const get = (key: string) => {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
};
const put = (key: string, text: string) => {
  try {
    if (text) localStorage.setItem(key, text);
    else localStorage.removeItem(key);
  } catch {
    // No storage (private mode, full): the text stays in the box for this page's life, as before.
  }
};

export const composerDrafts = {
  /** What the composer starts with: the draft, after a question that was sent and never taken (a reload or a
   * crash while it was on its way), so neither is lost. */
  read(chat: string): string {
    return [get(UNSENT + chat), get(keyOf(chat))].filter(Boolean).join('\n\n');
  },
  /** An empty text forgets the chat's draft (a send was accepted, or everything was deleted). */
  write(chat: string, text: string): void {
    put(keyOf(chat), text);
  },
  /** The question just left the composer; kept until the server takes it. */
  holdUnsent(chat: string, text: string): void {
    put(UNSENT + chat, text);
  },
  /** The server took the question (its answer started), or it came back to the composer. */
  releaseUnsent(chat: string): void {
    put(UNSENT + chat, '');
  },
  /** The new chat got its channel: what is being typed for its next message belongs to that chat now. */
  move(from: string, to: string): void {
    const text = get(keyOf(from));
    if (!text) return;
    put(keyOf(to), text);
    put(keyOf(from), '');
  },
  forgetAll(): void {
    try {
      for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
    } catch {
      // No storage access: nothing was kept there either.
    }
  },
};
