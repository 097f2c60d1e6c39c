import { describe, expect, it } from 'vitest';
import { newInputMessage, sent, typed } from '../../src/ui/chat/input-message';

describe('the input message record', () => {
  it('starts its clock at the first key, remembers a paste, and gives the typing time on send', () => {
    let message = newInputMessage();
    message = typed(message, '', 1000); // focus, nothing typed: the clock has not started
    expect(message.firstTypeTime).toBeNull();
    message = typed(message, 'H', 2000);
    message = typed(message, 'Hello', 3500);
    message = typed(message, 'Hello, pasted text', 4000, true);
    message = typed(message, 'Hello, pasted text!', 5000);
    expect(message).toMatchObject({
      value: 'Hello, pasted text!',
      pasted: true,
      firstTypeTime: 2000,
      sent: false,
    });
    const { last, next } = sent(message, 9000);
    expect(last).toMatchObject({ id: message.id, sent: true, duration: 7000, pasted: true });
    expect(next).toMatchObject({
      value: '',
      pasted: false,
      sent: false,
      firstTypeTime: null,
      duration: null,
    });
    expect(next.id).not.toBe(message.id);
  });

  it('a message put in whole (a template) and sent at once has a zero typing time', () => {
    expect(sent(newInputMessage(), 5000).last.duration).toBe(0);
  });
});
