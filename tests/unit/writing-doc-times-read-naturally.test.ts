import { describe, expect, it } from 'vitest';
import { formatDocTime } from '../../src/ui/writing/relative-time';

describe('writing document times', () => {
  const now = new Date(2026, 10, 23, 15, 30);
  it('today as HH:mm', () => {
    expect(formatDocTime(new Date(2026, 10, 23, 9, 5).toISOString(), now)).toBe('09:05');
  });
  it('the same year as MMM DD', () => {
    expect(formatDocTime(new Date(2026, 2, 4, 23, 0).toISOString(), now)).toBe('Mar 04');
  });
  it('another year as MMM DD, YYYY', () => {
    expect(formatDocTime(new Date(2025, 11, 31, 12, 0).toISOString(), now)).toBe('Dec 31, 2025');
  });
});
