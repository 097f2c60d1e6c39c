// Request validators of the writing area: the server parses with them, the client imports their types.
import { z } from 'zod';
import { type EditorJson, WRITING_CONTENT_MAX_CHARS, WRITING_TITLE_MAX } from './writing';
import { invalidNodeAttribute } from './writing-attributes';

const DocId = z
  .string()
  .min(8, 'writing.badDocId')
  .max(64, 'writing.badDocId')
  .regex(/^[\w-]+$/, 'writing.badDocId');

const Title = z
  .string()
  .transform((title) => title.trim())
  .pipe(z.string().max(WRITING_TITLE_MAX, 'writing.titleTooLong'));

const Content = z
  .object({
    type: z.literal('doc'),
    content: z.array(z.object({ type: z.string().max(64) }).loose()).optional(),
  })
  .loose()
  .refine((doc) => JSON.stringify(doc).length <= WRITING_CONTENT_MAX_CHARS, 'writing.contentTooLarge')
  // Some attributes end up in a style or a URL when the document is drawn: each must be of its type.
  .refine((doc) => invalidNodeAttribute(doc as EditorJson) === null, 'writing.attributeInvalid')
  .transform((doc) => doc as EditorJson);

export const GetDocQuery = z.object({ docId: DocId });
export const WritingImageUrlQuery = z.object({
  md5: z
    .string()
    .transform((md5) => md5.toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'upload.md5Invalid')),
});
export const WritingImageQuery = z.object({ k: z.string().optional() });
export const DeleteDocRequest = z.object({ docId: DocId });
export type DeleteDocRequest = z.infer<typeof DeleteDocRequest>;
export type GetDocQuery = z.infer<typeof GetDocQuery>;

/** Creates the document under the client's id, or (with baseRevision) updates it like updateDoc. */
export const UpsertDocRequest = z.object({
  docId: DocId,
  docTitle: Title.default(''),
  content: Content,
  baseRevision: z.number().int().min(0).optional(),
});
export type UpsertDocRequest = z.input<typeof UpsertDocRequest>;

export const UpdateDocRequest = z.object({
  docId: DocId,
  docTitle: Title.optional(),
  content: Content.optional(),
  /** The revision the client's text is based on; any other current revision is refused (40901). */
  baseRevision: z.number().int().min(0),
});
export type UpdateDocRequest = z.input<typeof UpdateDocRequest>;

export const SetTipsExistFlagRequest = z.object({ docId: DocId, tipsExistFlag: z.boolean() });
export type SetTipsExistFlagRequest = z.infer<typeof SetTipsExistFlagRequest>;

export const ExtractTitleQuery = z.object({
  url: z.string().min(1, 'writing.urlInvalid').max(2048, 'writing.urlInvalid'),
});
export type ExtractTitleQuery = z.infer<typeof ExtractTitleQuery>;
