// Request validators of the document chat calls; the server parses with them.
import { z } from 'zod';
import { WORKSPACE_CATEGORIES } from './documents';
import { Md5 } from './uploads.schema';

const HttpUrl = z
  .string({ error: 'docs.urlInvalid' })
  .trim()
  .max(2048, 'docs.urlInvalid')
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'docs.urlInvalid');

export const CreateDocumentRequest = z
  .object({
    model: z.string().max(100).optional(),
    md5: Md5.optional(),
    url: HttpUrl.optional(),
    fileName: z.string().trim().max(255).optional(),
    fileContentType: z.string().trim().max(255).optional(),
    fromPpt: z.boolean().optional(),
  })
  .refine((body) => Boolean(body.md5) !== Boolean(body.url), 'docs.md5OrUrl');

export const DocChatCreateRequest = z
  .object({
    model: z.string().max(100).default('Standard'),
    md5: Md5.optional(),
    md5s: z.array(Md5).max(20).optional(),
    url: HttpUrl.optional(),
    extract_img_5k: z.boolean().optional(),
    channelType: z.enum(['ONE_CHAT', 'DOC']).default('ONE_CHAT'),
  })
  .refine((body) => Boolean(body.md5 || body.md5s?.length || body.url), 'docs.md5OrUrl');

export const CreateNewChatRequest = z
  .object({
    channelId: z.string().max(64).optional(),
    roleEnum: z.string().max(50).optional(),
    docs: z
      .array(z.object({ md5: Md5 }))
      .max(20)
      .optional(),
    channelType: z.enum(['ONE_CHAT', 'DOC']).default('ONE_CHAT'),
    model: z.string().max(100).default('Standard'),
  })
  .refine((body) => Boolean(body.channelId || body.docs?.length), 'docs.md5OrUrl');

export const Md5Query = z.object({ md5: Md5 });
/** POST readAgain: one of the caller's documents by md5. */
export const ReadAgainRequest = z.object({ md5: Md5 });
export const ChannelQuery = z.object({ channelId: z.string().min(1).max(64) });
export const FaviconQuery = z.object({ origin: z.string().min(1).max(300) });

/** One workspace file to delete: its category (which area owns it) and its workspace id. */
export const WorkspaceDeleteRequest = z.object({
  category: z.enum(WORKSPACE_CATEGORIES).exclude(['all']),
  id: z.string().min(1).max(128),
});
export type WorkspaceDeleteRequest = z.infer<typeof WorkspaceDeleteRequest>;
