import { createContext, useContext } from 'react';

/** The answer being rendered, so a code block can tell whether its closing fence has arrived yet. */
export const StreamContext = createContext<{ text: string; streaming: boolean }>({
  text: '',
  streaming: false,
});

export const useStream = () => useContext(StreamContext);

/**
 * Whether a fenced block, given as its source, has its closing fence. A block inside a quote or list
 * carries that container's prefix on each line, hence the leading `>` and spaces.
 */
export function isClosedFence(source: string): boolean {
  const open = /^[ \t]*(`{3,}|~{3,})/.exec(source)?.[1];
  if (!open) return true; // an indented block has no fence to wait for
  const lines = source.split('\n');
  if (lines.length < 2) return false;
  const close = /^[>\s]*(`{3,}|~{3,})[ \t]*$/.exec(lines[lines.length - 1])?.[1];
  return !!close && close[0] === open[0] && close.length >= open.length;
}
