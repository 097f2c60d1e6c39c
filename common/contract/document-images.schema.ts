// Request validators of the document pictures calls; the server parses with them.
import { z } from 'zod';
import { DOC_IMAGES_DEFAULT_LIMIT, DOC_IMAGES_MAX_LIMIT } from './document-images';
import { Md5 } from './uploads.schema';

const Id = (key: string) => z.string({ error: key }).trim().min(1, key).max(64, key);

export const GetImagesRequest = z
  .object({
    channelId: Id('channel.notFound').optional(),
    md5: Md5.optional(),
    beforeImageId: Id('docImages.cursorUnknown').optional(),
    limit: z
      .number({ error: 'docImages.limitInvalid' })
      .int('docImages.limitInvalid')
      .min(1, 'docImages.limitInvalid')
      .max(DOC_IMAGES_MAX_LIMIT, 'docImages.limitInvalid')
      .default(DOC_IMAGES_DEFAULT_LIMIT),
  })
  .refine((body) => Boolean(body.channelId || body.md5), 'docImages.md5OrChannel');

export const ExtractImageRequest = z.object({ md5: Md5 });

export const ImageIdQuery = z.object({ imageId: Id('docImages.notFound') });
