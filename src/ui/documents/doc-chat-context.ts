import { createContext } from 'react';

/** Given by the document chat screen: a citation [n] of an answer opens its page beside the chat. */
export const DocChatContext = createContext<{
  openCitation(messageId: string, n: number | null): void;
} | null>(null);
