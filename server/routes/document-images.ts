// Pictures found in documents: list them (getImages), run or report their extraction (extract_image) and
// serve one picture's bytes to its owner.
import { Hono } from 'hono';
import {
  ExtractImageRequest,
  GetImagesRequest,
  ImageIdQuery,
} from '../../common/contract/document-images.schema.js';
import { DocImagePaths } from '../../common/contract/index.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readQuery } from '../http/validate.js';

export const documentImageRoutes = new Hono<AppEnv>()
  .post(DocImagePaths.getImages, async (c) => {
    const caller = requireCaller(c);
    const request = await readJson(c, GetImagesRequest);
    return ok(c, await c.get('services').documentImages.list(caller, request));
  })
  .post(DocImagePaths.extractImage, async (c) => {
    const caller = requireCaller(c);
    const { md5 } = await readJson(c, ExtractImageRequest);
    return ok(c, await c.get('services').documentImages.extract(caller, md5));
  })
  .get(DocImagePaths.imageFile, async (c) => {
    const caller = requireCaller(c);
    const { imageId } = readQuery(c, ImageIdQuery);
    const { bytes, contentType } = await c.get('services').documentImages.file(caller, imageId);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': contentType,
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    });
  });
