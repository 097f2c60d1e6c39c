// The default human check: an altcha proof of work, self-hosted. Challenges are deterministic (the server
// picks the counter and signs the derived key), so verifying costs one HMAC, not a key derivation.
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { AltchaChallenge, CaptchaChallenge } from '../../../common/contract/index.js';
import type { CaptchaSecrets } from './secrets.js';
import type { HumanCheckPass, SpentStore } from './spent.js';

const ALGORITHM = 'PBKDF2/SHA-256';

const Payload = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string().max(32),
        nonce: z.string().max(128),
        salt: z.string().max(128),
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: z.string().max(128),
        keySignature: z.string().max(256).optional(),
        expiresAt: z.number().optional(),
        memoryCost: z.number().optional(),
        parallelism: z.number().optional(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .strict(),
    signature: z.string().max(256),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

function decode(token: string): z.infer<typeof Payload> | null {
  if (token.length > 8192) return null;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createAltcha(deps: {
  secrets: CaptchaSecrets;
  spent: SpentStore;
  cost: number;
  maxCounter: number;
  ttlSeconds: number;
}) {
  const maxCounter = Math.max(2, deps.maxCounter);
  return {
    async challenge(now = Date.now()): Promise<CaptchaChallenge> {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: Math.max(1, deps.cost),
        counter: randomInt(maxCounter, Math.ceil(maxCounter / 2)),
        deriveKey,
        expiresAt: Math.floor(now / 1000) + deps.ttlSeconds,
        hmacSignatureSecret: deps.secrets.signature,
        hmacKeySignatureSecret: deps.secrets.keySignature,
      });
      return {
        provider: 'altcha',
        challenge: challenge as AltchaChallenge,
        maxCounter,
      };
    },

    /** The pass of a genuine, unexpired solution (null for anything else); spending it refuses a replay. */
    async verify(token: string): Promise<HumanCheckPass | null> {
      const payload = decode(token);
      if (!payload || payload.challenge.parameters.algorithm !== ALGORITHM) return null;
      const result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: deps.secrets.signature,
        hmacKeySignatureSecret: deps.secrets.keySignature,
      }).catch(() => null);
      if (!result?.verified) return null;
      const expiresAt = new Date(
        (payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + deps.ttlSeconds) * 1000,
      );
      return deps.spent.pass(`altcha:${payload.challenge.signature}`, expiresAt);
    },
  };
}
