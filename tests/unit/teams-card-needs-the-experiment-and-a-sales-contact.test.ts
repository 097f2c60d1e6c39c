import { describe, expect, it } from 'vitest';
import { loadConfig, parseExperiments } from '../../server/config';
import { experimentVariant } from '../../server/services/user/user-settings';
import { teamsContactHref } from '../../src/machines/billing/rules';

describe('teams card', () => {
  it('shows only in variant A with a contact; an email becomes mailto with the subject, a page stays', () => {
    expect(teamsContactHref('A', 'sales@example.com', 'Parley for teams')).toBe(
      'mailto:sales@example.com?subject=Parley%20for%20teams',
    );
    expect(teamsContactHref('A', 'https://example.com/teams', 'x')).toBe('https://example.com/teams');
    expect(teamsContactHref('B', 'sales@example.com', 'x')).toBeNull();
    expect(teamsContactHref(undefined, 'sales@example.com', 'x')).toBeNull();
    expect(teamsContactHref('', 'sales@example.com', 'x')).toBeNull();
    expect(teamsContactHref('A', null, 'x')).toBeNull();
  });

  it('EXPERIMENTS pins variants (off is missing); experiments it does not name still split A/B', () => {
    const pinned = parseExperiments('teams:A, guest:off,upgrade:B,onechat:maybe,:A');
    expect(pinned).toEqual({ teams: 'A', guest: '', upgrade: 'B' });
    for (const user of ['u1', 'u2', 'u3', 'u4']) {
      expect(experimentVariant(user, 'teams', pinned)).toBe('A');
      expect(experimentVariant(user, 'guest', pinned)).toBe('');
      expect(experimentVariant(user, 'upgrade', pinned)).toBe('B');
      expect(['A', 'B']).toContain(experimentVariant(user, 'onechat', pinned));
      expect(experimentVariant(user, 'no-such-experiment', { 'no-such-experiment': 'A' })).toBe('');
    }
  });

  it('BILLING_TEAMS_CONTACT takes an email address or an http(s) page, anything else is unset', () => {
    const contact = (value: string) => loadConfig({ BILLING_TEAMS_CONTACT: value }).billing.teamsContact;
    expect(contact(' sales@example.com ')).toBe('sales@example.com');
    expect(contact('https://example.com/teams')).toBe('https://example.com/teams');
    expect(contact('javascript:alert(1)')).toBeNull();
    expect(contact('not an address')).toBeNull();
    expect(loadConfig({}).billing.teamsContact).toBeNull();
    expect(loadConfig({ EXPERIMENTS: 'teams:A' }).experiments).toEqual({ teams: 'A' });
  });
});
