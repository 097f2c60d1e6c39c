// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { es } from '../../common/i18n/locales/es';
import { toUserInfo } from '../../server/services/user/user-info';
import { initI18n } from '../../src/i18n';
import { UserAvatar } from '../../src/ui/user/UserAvatar';

const now = new Date();
const DAY = 24 * 60 * 60 * 1000;
const userWith = (membershipId: number) =>
  toUserInfo(
    {
      id: 'u1',
      kind: 'member',
      email: 'ada@example.com',
      username: 'ada',
      membershipId,
      membershipExpDate: membershipId === 0 ? null : new Date(now.getTime() + 20 * DAY),
      createdAt: new Date('2026-01-01T00:00:00Z'),
    },
    now,
  );

beforeAll(() => initI18n('en'));
afterEach(cleanup);

it.each([
  [0, 'Free'],
  [1, 'Pro'],
  [3, 'Pro'],
  [6, 'Pro+'],
  [7, 'Pro+'],
  [4, 'Unlimited'],
  [5, 'Unlimited'],
  [2, 'Trial'],
])('membership %i shows the %s badge on the avatar', (membershipId, badge) => {
  render(<UserAvatar user={userWith(membershipId)} />);
  expect(screen.getByTestId('plan-badge').textContent).toBe(badge);
  expect(screen.getByTestId('user-avatar').textContent).toContain('A');
});

it('the badge is translated', async () => {
  // The app loads one non-English language per page load; here Spanish is added the same way.
  i18n.addResourceBundle('es', 'translation', es);
  await i18n.changeLanguage('es');
  render(<UserAvatar user={userWith(2)} />);
  expect(screen.getByTestId('plan-badge').textContent).toBe('Prueba');
  await i18n.changeLanguage('en');
});
