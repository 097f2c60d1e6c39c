import { describe, expect, it } from 'vitest';
import { type OneTapConditions, shouldOfferOneTap } from '../../src/ui/social-login/one-tap';

const fresh: OneTapConditions = {
  clientId: 'client.apps.googleusercontent.com',
  hasToken: false,
  hasGuestToken: false,
  pathname: '/',
  automated: false,
};

describe('Google one-tap decision', () => {
  it('is offered to a fresh visitor when Google is configured', () => {
    expect(shouldOfferOneTap(fresh)).toBe(true);
    expect(shouldOfferOneTap({ ...fresh, pathname: '/ar/chat/abc' })).toBe(true);
  });

  it('is not offered with a login token or a guest token', () => {
    expect(shouldOfferOneTap({ ...fresh, hasToken: true })).toBe(false);
    expect(shouldOfferOneTap({ ...fresh, hasGuestToken: true })).toBe(false);
  });

  it('is not offered on discover pages, with or without a language prefix', () => {
    expect(shouldOfferOneTap({ ...fresh, pathname: '/discover' })).toBe(false);
    expect(shouldOfferOneTap({ ...fresh, pathname: '/es/discover/prompts' })).toBe(false);
    expect(shouldOfferOneTap({ ...fresh, pathname: '/discovery-notes' })).toBe(true);
  });

  it('is not offered when Google is not configured, nor under test automation', () => {
    expect(shouldOfferOneTap({ ...fresh, clientId: null })).toBe(false);
    expect(shouldOfferOneTap({ ...fresh, automated: true })).toBe(false);
  });
});
