// @vitest-environment jsdom
// The background sync runs one pass at a time, and a trigger that arrives during a pass (the network coming
// back while an offline pass is still failing) is not lost: one more pass runs after it.
import { expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { syncLoop } from '../../src/machines/sync';

it("runs once more for an 'online' that arrives while a pass is running, and only once", async () => {
  const passes: (() => void)[] = [];
  const sync = () => new Promise<void>((resolve) => passes.push(resolve));
  const parent = setup({ actors: { sync: syncLoop(sync) } }).createMachine({
    invoke: { id: 'sync', src: 'sync' },
  });
  const actor = createActor(parent).start();
  actor.getSnapshot().children.sync?.send({ type: 'SYNC.NOW' });
  expect(passes).toHaveLength(1);
  // The network comes back twice during the first pass: both are kept as one more pass.
  window.dispatchEvent(new Event('online'));
  window.dispatchEvent(new Event('online'));
  expect(passes).toHaveLength(1);
  passes[0]();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(passes).toHaveLength(2);
  passes[1]();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(passes).toHaveLength(2);
  // A later trigger, with nothing running, starts a pass at once.
  window.dispatchEvent(new Event('online'));
  expect(passes).toHaveLength(3);
  actor.stop();
});
