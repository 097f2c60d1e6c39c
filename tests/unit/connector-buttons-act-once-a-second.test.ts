import { afterEach, expect, it, vi } from 'vitest';
import { createPressGate } from '../../src/ui/app/press-gate';

afterEach(() => vi.useRealTimers());

it('a double click sends one connector update; a click a second later sends another', async () => {
  vi.useFakeTimers();
  const updates: string[] = [];
  const press = createPressGate(1000);
  const click = (type: string) => press(() => updates.push(type));
  expect(click('NOTION')).toBe(true);
  expect(click('NOTION')).toBe(false);
  await vi.advanceTimersByTimeAsync(999);
  // The throttle covers every connector button, not one per connector.
  expect(click('EVERNOTE')).toBe(false);
  expect(updates).toEqual(['NOTION']);
  await vi.advanceTimersByTimeAsync(1);
  expect(click('NOTION')).toBe(true);
  expect(updates).toEqual(['NOTION', 'NOTION']);
});
