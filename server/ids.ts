import crypto from 'node:crypto';

/** Unguessable url-safe ids (128 bits). */
export const newId = () => crypto.randomBytes(16).toString('base64url');
export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
