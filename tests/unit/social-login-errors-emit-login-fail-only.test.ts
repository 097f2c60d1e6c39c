import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SocialProvider } from '../../common/contract';
import { type LoginEmitted, loginMachine, type SocialFinish } from '../../src/machines/login.machine';

type Start = { provider: SocialProvider };

function observe(machine = loginMachine) {
  const actor = createActor(machine);
  const fails: LoginEmitted[] = [];
  actor.on('LoginFail', (event) => fails.push(event));
  actor.start();
  return { actor, fails };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('social login errors', () => {
  it('a provider that sends an error back emits LoginFail with the login type and details, no message', async () => {
    const { actor, fails } = observe();
    actor.send({
      type: 'SOCIAL_RETURN',
      provider: 'apple',
      uri: 'http://parley.test/oauth/apple/callback?error=access_denied&state=s',
    });
    await until(() => fails.length > 0);
    expect(fails).toEqual([{ type: 'LoginFail', loginType: 'apple', details: 'access_denied' }]);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.emailError).toBeNull();
    expect(actor.getSnapshot().context.successes).toBe(0);
  });

  it('a refused one-tap token emits LoginFail for one-tap', async () => {
    const { actor, fails } = observe(
      loginMachine.provide({
        actors: {
          socialFinish: fromPromise<string | null, SocialFinish>(async () => {
            throw new Error('Google could not confirm this sign-in.');
          }),
        },
      }),
    );
    actor.send({ type: 'ONE_TAP', idToken: 'forged' });
    await until(() => fails.length > 0);
    expect(fails).toEqual([
      { type: 'LoginFail', loginType: 'onetap', details: 'Google could not confirm this sign-in.' },
    ]);
  });

  it('Continue with Google goes to the provider; a failed start stays on the email step without a message', async () => {
    const visited: string[] = [];
    const redirecting = observe(
      loginMachine.provide({
        actors: { socialStart: fromPromise<string, Start>(async () => 'https://idp.test/authorize?state=x') },
        actions: { goToProvider: (_, url: string) => void visited.push(url) },
      }),
    );
    redirecting.actor.send({ type: 'OPEN' });
    redirecting.actor.send({ type: 'SOCIAL_START', provider: 'google' });
    await until(() => visited.length > 0);
    expect(visited).toEqual(['https://idp.test/authorize?state=x']);

    const failing = observe(
      loginMachine.provide({
        actors: {
          socialStart: fromPromise<string, Start>(async () => {
            throw new Error('Google cannot be reached right now.');
          }),
        },
      }),
    );
    failing.actor.send({ type: 'OPEN' });
    failing.actor.send({ type: 'SOCIAL_START', provider: 'google' });
    await until(() => failing.fails.length > 0);
    expect(failing.fails[0]).toMatchObject({
      loginType: 'google',
      details: 'Google cannot be reached right now.',
    });
    expect(failing.actor.getSnapshot().matches({ open: 'email' })).toBe(true);
    expect(failing.actor.getSnapshot().context.emailError).toBeNull();
  });
});
