// Request validators of sign-in: the server parses with them, the client imports their types.
import { z } from 'zod';
import { LOGIN_CODE_LENGTH } from './auth';

export const VisitRequest = z.object({ sign: z.string().min(1).max(2048) });

export type VisitRequest = z.infer<typeof VisitRequest>;

export const SendLoginCodeRequest = z.object({
  email: z.string().max(254),
  captchaToken: z.string().max(4096).optional().nullable(),
});
export type SendLoginCodeRequest = z.infer<typeof SendLoginCodeRequest>;

export const LoginByCodeRequest = z.object({
  email: z.string().max(254),
  code: z.string().trim().length(LOGIN_CODE_LENGTH, 'auth.codeFormat').regex(/^\d+$/, 'auth.codeFormat'),
});
export type LoginByCodeRequest = z.infer<typeof LoginByCodeRequest>;
