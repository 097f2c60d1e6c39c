import { describe, expect, it } from 'vitest';
import { toUserInfo } from '../../server/services/user/user-info';

const now = new Date('2026-11-23T12:00:00Z');
const member = (membershipId: number, expiresInMs: number | null) => ({
  id: 'u1',
  kind: 'member' as const,
  email: 'a@b.co',
  username: 'a',
  membershipId,
  membershipExpDate: expiresInMs === null ? null : new Date(now.getTime() + expiresInMs),
  createdAt: new Date('2026-01-01T00:00:00Z'),
});
const DAY = 24 * 60 * 60 * 1000;

describe('user info from the membership', () => {
  it('a trial is pro, carries the Trail role and rounds the days left up', () => {
    const info = toUserInfo(member(2, 6 * DAY + 60_000), now);
    expect(info).toMatchObject({
      isTrial: true,
      isPro: true,
      isProPlus: false,
      parsedRoles: ['Trail'],
      timeRemaining: 7,
    });
  });

  it('unlimited is pro, pro plus and unlimited; pro plus is not unlimited', () => {
    expect(toUserInfo(member(5, 30 * DAY), now)).toMatchObject({
      isPro: true,
      isProPlus: true,
      isUnlimited: true,
    });
    expect(toUserInfo(member(6, 30 * DAY), now)).toMatchObject({
      isPro: true,
      isProPlus: true,
      isUnlimited: false,
    });
  });

  it('an expired membership counts as free', () => {
    expect(toUserInfo(member(3, -DAY), now)).toMatchObject({
      membershipId: 0,
      isPro: false,
      timeRemaining: 0,
      membershipExpDate: null,
    });
  });

  it('an account older than a day is not new', () => {
    expect(toUserInfo(member(0, null), now).isNew).toBe(0);
  });
});
