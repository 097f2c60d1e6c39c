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

export const StartUploadRequest = z.object({
  md5: Md5,
  size: z.number().int().min(0),
  fileName: z.string().trim().min(1).max(255).catch('file'),
  contentType: z.string().max(255).default('application/octet-stream'),
});

export const PartQuery = z.object({
  uploadId: z.string().min(1).max(64),
  partNumber: z.coerce.number().int().min(1).max(10_000),
});

export const CompleteUploadRequest = z.object({ uploadId: z.string().min(1).max(64) });
