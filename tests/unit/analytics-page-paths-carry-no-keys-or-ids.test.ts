import { describe, expect, it } from 'vitest';
import { pagePath } from '../../src/ui/analytics/AnalyticsTracker';

describe('page views', () => {
  it('count the page, never a share key, chat id or sign-in code', () => {
    expect(pagePath('/share/AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe('/share/:key');
    expect(pagePath('/ar/share/AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe('/ar/share/:key');
    expect(pagePath('/chat/bdvily3Z31XJA475cpXaYQ')).toBe('/chat/:id');
    expect(pagePath('/oauth/google/callback')).toBe('/oauth/:provider');
    expect(pagePath('/writing')).toBe('/writing');
  });
});
