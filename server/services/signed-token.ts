// A value sealed into a short text that only this server can have made: the JSON of the value and its HMAC, both
// base64url. It expires at its own expiresAt. Used where state travels with the browser instead of being stored
// (an OAuth round trip's cookie, a download link).
import crypto from 'node:crypto';

export function createTokenSigner<T extends { expiresAt: number }>(secret: Buffer, maxLength = 4096) {
  const mac = (body: string) => crypto.createHmac('sha256', secret).update(body).digest('base64url');
  return {
    seal(value: T): string {
      const body = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    /** The value if the text is ours, untampered and not expired; else null. */
    open(text: string | undefined, now = Date.now()): T | null {
      if (!text || text.length > maxLength) return null;
      const [body, signature] = text.split('.');
      if (!body || !signature) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      try {
        const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
        return typeof value?.expiresAt === 'number' && value.expiresAt > now ? value : null;
      } catch {
        return null;
      }
    },
  };
}
