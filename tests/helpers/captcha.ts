// Solves the server's human check for real (the altcha proof of work), as a browser would.
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type CaptchaChallenge, type Envelope, encodeAltchaPayload } from '../../common/contract';

/** A fresh, solved token for the Cf-Captcha-Token header. */
export async function solveCaptcha(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/captcha/challenge`);
  const { data } = (await response.json()) as Envelope<CaptchaChallenge>;
  if (data.provider !== 'altcha') throw new Error(`expected an altcha challenge, got ${data.provider}`);
  const solution = await solveChallenge({ challenge: data.challenge as Challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return encodeAltchaPayload({ challenge: data.challenge, solution });
}

/** Headers that pass the human check once. */
export const humanHeaders = async (baseUrl: string) => ({ 'Cf-Captcha-Token': await solveCaptcha(baseUrl) });
