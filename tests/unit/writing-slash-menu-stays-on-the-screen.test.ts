// The slash menu opens at the cursor but never past the screen's edges, in either direction of text.
import { describe, expect, it } from 'vitest';
import { SLASH_MENU_WIDTH, slashMenuLeft } from '../../src/ui/writing/editor/slash-menu';

describe('slash menu placement', () => {
  it('starts at the cursor in left-to-right text with room after it', () => {
    expect(slashMenuLeft({ left: 40, right: 41 }, 1280, false)).toBe(40);
  });

  it('ends at the cursor in right-to-left text with room before it', () => {
    expect(slashMenuLeft({ left: 350, right: 351 }, 390, true)).toBe(351 - SLASH_MENU_WIDTH);
  });

  it('stays on a phone when an Arabic line starting with / puts the cursor at the left edge', () => {
    const left = slashMenuLeft({ left: 24, right: 25 }, 390, true);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + SLASH_MENU_WIDTH).toBeLessThanOrEqual(390);
  });

  it('stays on a phone when English text puts the cursor near the right edge', () => {
    const left = slashMenuLeft({ left: 360, right: 361 }, 390, false);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + SLASH_MENU_WIDTH).toBeLessThanOrEqual(390);
  });
});
