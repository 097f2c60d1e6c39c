// @vitest-environment jsdom
// A logged-in app opened offline (or while the server answers 500) keeps working from the last known user
// and asks again later, instead of failing the whole actor system.
import { afterEach, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import type { UserInfo } from '../../common/contract';
import { tokenStore, userInfoStore } from '../../src/api/storage';
import { authMachine, CURRENT_USER_RETRY_MS } from '../../src/machines/auth.machine';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

function startWith(currentUser: () => Promise<UserInfo>) {
  const auth = authMachine.provide({ actors: { currentUser: fromPromise(currentUser) } });
  // A parent that accepts the auth actor's SYNC.NOW and login messages, like the root actor.
  const parent = setup({ actors: { auth } }).createMachine({ invoke: { id: 'auth', src: 'auth' } });
  const actor = createActor(parent).start();
  return actor.getSnapshot().children.auth!;
}

it('keeps the cached member and retries when currentUser fails', async () => {
  vi.useFakeTimers();
  tokenStore.setToken('member-token');
  const cached = { isLogin: true, email: 'ana@example.com' } as unknown as UserInfo;
  userInfoStore.write(cached);
  let calls = 0;
  const auth = startWith(async () => {
    calls += 1;
    if (calls === 1) throw new Error('Failed to fetch');
    return { isLogin: true, email: 'ana@example.com', role: 1 } as unknown as UserInfo;
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(auth.getSnapshot().status).toBe('active');
  expect(auth.getSnapshot().value).toEqual({ member: 'unavailable' });
  expect(auth.getSnapshot().context.user).toEqual(cached);
  expect(auth.getSnapshot().context.isLogin).toBe(true);

  await vi.advanceTimersByTimeAsync(CURRENT_USER_RETRY_MS);
  expect(calls).toBe(2);
  expect(auth.getSnapshot().value).toEqual({ member: 'known' });
  expect(auth.getSnapshot().context.user).toMatchObject({ role: 1 });
});
