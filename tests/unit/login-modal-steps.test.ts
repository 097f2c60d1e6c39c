import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, createActor, fromPromise, setup } from 'xstate';
import { normaliseEmail } from '../../server/services/auth/login-codes';
import { loginMachine } from '../../src/machines/login.machine';

const sent: string[] = [];
const verified: string[] = [];
const machine = loginMachine.provide({
  actors: {
    sendCode: fromPromise(async ({ input }: { input: { email: string } }) => {
      sent.push(input.email);
      return true;
    }),
    verify: fromPromise(async ({ input }: { input: { email: string; code: string } }) => {
      verified.push(input.code);
      return input.code === '123456' ? ('token' as string) : null;
    }),
  },
});

afterEach(() => {
  vi.useRealTimers();
  sent.length = 0;
  verified.length = 0;
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('login modal steps', () => {
  it('a malformed email shows the inline error and sends nothing', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'no-at-sign' });
    expect(actor.getSnapshot().context.emailError).toBe('invalidEmail');
    expect(sent).toEqual([]);
  });

  it('an email typed in full-width (a Chinese input method in full-width mode) is sent as plain ASCII', async () => {
    vi.useFakeTimers();
    const actor = createActor(machine).start();
    actor.send({ type: 'OPEN' });
    // It was refused as malformed: ＠ is not @ to the pattern.
    actor.send({ type: 'SUBMIT_EMAIL', email: ' ｍｅｉ２０２６＠ｅｘａｍｐｌｅ．ｃｏｍ ' });
    expect(actor.getSnapshot().context.emailError).toBeNull();
    await settle();
    expect(sent).toEqual(['mei2026@example.com']);
    // The server reads it the same way (a caller without this client).
    expect(normaliseEmail('ＭＥＩ２０２６＠Ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('mei2026@example.com');
  });

  it('Next acts on the first press only within 2 s; the resend link waits 59 s', async () => {
    vi.useFakeTimers();
    const actor = createActor(machine).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'a@b.co' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'a@b.co' });
    await settle();
    expect(sent).toEqual(['a@b.co']);
    expect(actor.getSnapshot().matches({ open: 'code' })).toBe(true);
    expect(actor.getSnapshot().context.resendIn).toBe(59);
    actor.send({ type: 'RESEND' });
    await settle();
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(actor.getSnapshot().context.resendIn).toBe(0);
    actor.send({ type: 'RESEND' });
    await settle();
    expect(sent).toHaveLength(2);
  });

  it('a wrong code marks the boxes, typing clears them; the right code closes and hands the token on', async () => {
    vi.useFakeTimers();
    const tokens: string[] = [];
    // The login actor reports to its parent (the root system); this parent only records the token.
    const parent = createActor(
      setup({ actors: { login: machine } }).createMachine({
        invoke: { id: 'login', src: 'login' },
        on: {
          'AUTH.LOGGED_IN': {
            actions: ({ event }) => tokens.push((event as unknown as { token: string }).token),
          },
        },
      }),
    ).start();
    const actor = parent.getSnapshot().children.login as ActorRefFrom<typeof machine>;
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'a@b.co' });
    await settle();
    actor.send({ type: 'VERIFY', code: '000000' });
    await settle();
    expect(actor.getSnapshot().context.codeError).toBe(true);
    actor.send({ type: 'CODE_TYPED' });
    expect(actor.getSnapshot().context.codeError).toBe(false);
    actor.send({ type: 'VERIFY', code: '123456' });
    await settle();
    expect(verified).toEqual(['000000']);
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'VERIFY', code: '123456' });
    await settle();
    expect(verified).toEqual(['000000', '123456']);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ email: '', successes: 1 });
    expect(tokens).toEqual(['token']);
  });
});
