// Request validators of the upload calls (documents area); the server parses with them.
import { z } from 'zod';

export const Md5 = z
  .string({ error: 'upload.md5Invalid' })
  .regex(/^[0-9a-fA-F]{32}$/, 'upload.md5Invalid')
  .transform((md5) => md5.toLowerCase());

export const PresignedPostQuery = z.object({
  md5: Md5,
  bucket: z.string().max(63).optional(),
});

export type PresignedPostQuery = z.input<typeof PresignedPostQuery>;
