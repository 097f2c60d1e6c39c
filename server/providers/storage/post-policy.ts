// S3 browser-POST policies for the embedded store: the same document and the same rules S3 applies
// (expiration, every condition met, no form field the policy does not cover), signed with HMAC-SHA256.
import crypto from 'node:crypto';

export type PolicyCondition =
  | Record<string, string>
  | ['eq' | 'starts-with', string, string]
  | ['content-length-range', number, number];

export interface PostPolicy {
  expiration: string;
  conditions: PolicyCondition[];
}

export const POLICY_ALGORITHM = 'PARLEY-HMAC-SHA256';

export function signPolicy(secret: Buffer, policyBase64: string): string {
  return crypto.createHmac('sha256', secret).update(policyBase64).digest('hex');
}

export function encodePolicy(policy: PostPolicy): string {
  return Buffer.from(JSON.stringify(policy)).toString('base64');
}

/** Fields S3 never matches against conditions; every other field must be covered by one, or is refused. */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file', 'bucket']);

export type PolicyRefusal =
  | { code: 'AccessDenied'; message: string }
  | { code: 'InvalidPolicyDocument'; message: string };

export interface CheckedPolicy {
  /** Inclusive byte bounds from content-length-range (S3 default: unbounded). */
  minBytes: number;
  maxBytes: number;
}

/**
 * Checks everything S3 can check before the file arrives. `fields` are the form fields before the file,
 * names as sent; `bucket` is the bucket the URL names. The size is checked while the body streams.
 */
export function checkPolicy(
  secret: Buffer,
  fields: Record<string, string>,
  bucket: string,
  now = new Date(),
): CheckedPolicy | PolicyRefusal {
  const lower = new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
  const policyBase64 = lower.get('policy');
  const signature = lower.get('x-amz-signature');
  if (!policyBase64 || !signature)
    return { code: 'AccessDenied', message: 'Bucket POST must contain a policy and a signature' };
  if (lower.get('x-amz-algorithm') !== POLICY_ALGORITHM)
    return { code: 'AccessDenied', message: 'Unsupported signing algorithm' };
  const expected = Buffer.from(signPolicy(secret, policyBase64), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return { code: 'AccessDenied', message: 'The request signature we calculated does not match' };

  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    return { code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expiresAt = Date.parse(policy.expiration);
  if (!Number.isFinite(expiresAt) || !Array.isArray(policy.conditions))
    return { code: 'InvalidPolicyDocument', message: 'Invalid Policy: expiration and conditions required.' };
  if (expiresAt <= now.getTime())
    return { code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' };

  const values = new Map(lower);
  values.set('bucket', bucket);
  const covered = new Set<string>();
  const result: CheckedPolicy = { minBytes: 0, maxBytes: Number.MAX_SAFE_INTEGER };
  const fail = (what: string): PolicyRefusal => ({
    code: 'AccessDenied',
    message: `Invalid according to Policy: Policy Condition failed: ${what}`,
  });
  for (const condition of policy.conditions) {
    if (Array.isArray(condition)) {
      const [op, rawName, operand] = condition;
      if (op === 'content-length-range') {
        result.minBytes = Number(rawName);
        result.maxBytes = Number(operand);
        continue;
      }
      const name = String(rawName).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      const value = values.get(name) ?? '';
      if (op === 'eq' && value !== operand) return fail(`["eq", "$${name}", "${operand}"]`);
      if (op === 'starts-with' && !value.startsWith(String(operand)))
        return fail(`["starts-with", "$${name}", "${operand}"]`);
      if (op !== 'eq' && op !== 'starts-with')
        return { code: 'InvalidPolicyDocument', message: `Invalid Policy: unknown condition ${op}` };
    } else {
      for (const [rawName, expectedValue] of Object.entries(condition)) {
        const name = rawName.toLowerCase();
        covered.add(name);
        if (values.get(name) !== expectedValue) return fail(`["eq", "$${name}", "${expectedValue}"]`);
      }
    }
  }
  for (const name of lower.keys()) {
    if (EXEMPT.has(name) || name.startsWith('x-ignore-') || covered.has(name)) continue;
    return { code: 'AccessDenied', message: `Invalid according to Policy: Extra input fields: ${name}` };
  }
  return result;
}
