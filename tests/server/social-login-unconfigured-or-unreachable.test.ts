// A server without social login configured, or whose provider is down, still starts and says so clearly.
import { describe, expect, it } from 'vitest';
import type { LandingInfo } from '../../common/contract';
import { call, newGuest, startTestServer } from '../helpers/server';

describe('social login when not configured or unreachable', () => {
  it('an unconfigured server offers no provider and says so; Drive says it is not configured', async () => {
    const server = await startTestServer('pglite', {
      rateLimit: {
        visitsPerMinute: 1000,
        codeSendsPerHourPerIp: 1000,
        loginAttemptsPerHourPerIp: 3,
        sharesPerHourPerUser: 1000,
      },
    });
    try {
      const landing = await call<LandingInfo>(server.url, 'GET', '/api/v1/landing');
      expect(landing.body.data.socialLogin).toEqual({
        google: false,
        apple: false,
        drive: false,
        oneTapClientId: null,
      });
      const start = await call(server.url, 'GET', '/bloom/oauth2/apple/start?purpose=login');
      expect(start.body).toMatchObject({
        code: 400,
        msg: 'Sign-in with Apple is not configured on this server.',
      });
      const guest = await newGuest(server.url);
      const drive = await call(server.url, 'POST', '/api/v1/user/updateConnector', {
        token: guest,
        body: { type: 'GOOGLE_DRIVE', status: 1 },
      });
      expect(drive.body.msg).toBe(
        'Google Drive connects through Google sign-in, which is not configured on this server.',
      );

      // Finishing a social login counts against the per-IP login attempts, like a login code.
      const oneTap = () => call(server.url, 'GET', '/bloom/oauth2/google/onetap?idTokenString=x');
      for (let i = 0; i < 3; i++) expect((await oneTap()).status).toBe(400);
      const limited = await oneTap();
      expect(limited.status).toBe(429);
      expect(limited.body.msg).toBe('Too many requests. Please wait a moment and try again.');
    } finally {
      await server.close();
    }
  });

  it('an unreachable issuer does not block start-up and answers a clear error when used', async () => {
    const server = await startTestServer('pglite', {
      oidc: {
        google: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' },
        apple: { issuer: 'https://appleid.apple.com', clientId: null, clientSecret: null },
      },
    });
    try {
      const start = await call(server.url, 'GET', '/bloom/oauth2/google/start?purpose=login');
      expect(start.status).toBe(502);
      expect(start.body.msg).toBe('Google cannot be reached right now. Please try again later.');
    } finally {
      await server.close();
    }
  });
});
