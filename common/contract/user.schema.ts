// Request validators of the user's settings: the server parses with them, the client imports their types.
import { z } from 'zod';
import { CONNECTOR_TYPES, OCR_LANGUAGE_CHOICES, TIP_TAGS } from './user';

export const TipsRequest = z.object({
  userTips: z
    .array(
      z.object({
        tag: z.enum(TIP_TAGS),
        value: z.number().int().min(0).max(1).optional(),
        defaultValue: z.number().int().optional(),
      }),
    )
    .max(20)
    .optional(),
  abKeyList: z.array(z.string().max(64)).max(50).optional(),
});
export type TipsRequest = z.infer<typeof TipsRequest>;

export const UpdateConnectorRequest = z.object({
  type: z.enum(CONNECTOR_TYPES),
  status: z.number().int().min(0).max(2),
});
export type UpdateConnectorRequest = z.infer<typeof UpdateConnectorRequest>;

/** Deleting one's account: `confirm` is the account's email as typed (DELETE for an account without one). */
export const DeleteAccountRequest = z.object({ confirm: z.string().max(320) });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;
/** A change of the caller's document settings; a field left out keeps its value, an unknown one is refused. */
export const DocumentSettingsRequest = z
  .object({ ocr: z.boolean().optional(), ocrLanguage: z.enum(OCR_LANGUAGE_CHOICES).optional() })
  .strict();
export type DocumentSettingsRequest = z.infer<typeof DocumentSettingsRequest>;
