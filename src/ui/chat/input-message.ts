// The message being typed, as a record: when typing began, whether anything was pasted, and on send how long
// it took. A send closes the record (it becomes the last one) and a new empty one begins.
export interface InputMessage {
  id: string;
  value: string;
  pasted: boolean;
  sent: boolean;
  /** When the first key (or paste) of this message happened; null while untouched. */
  firstTypeTime: number | null;
  /** Typing time in ms, from the first key to the send; set when sent. */
  duration: number | null;
}

export const newInputMessage = (): InputMessage => ({
  id: crypto.randomUUID(),
  value: '',
  pasted: false,
  sent: false,
  firstTypeTime: null,
  duration: null,
});

export function typed(message: InputMessage, value: string, now: number, pasted = false): InputMessage {
  return {
    ...message,
    value,
    pasted: message.pasted || pasted,
    firstTypeTime: message.firstTypeTime ?? (value ? now : null),
  };
}

/** The sent record (with its duration) and the fresh one that follows it. */
export function sent(message: InputMessage, now: number): { last: InputMessage; next: InputMessage } {
  return {
    last: {
      ...message,
      sent: true,
      duration: message.firstTypeTime === null ? 0 : Math.max(0, now - message.firstTypeTime),
    },
    next: newInputMessage(),
  };
}
