// Presentations (and later flowcharts and images): thin handlers over the creation services.
import { Hono } from 'hono';
import {
  FlowchartRequest,
  GeneratePresentationRequest,
  ImageGenerateRequest,
  ImageIdQuery,
  PresentationIdQuery,
  UpdateOutlineRequest,
} from '../../common/contract/creation.schema.js';
import { FlowchartPaths, ImagePaths, PresentationPaths } from '../../common/contract/index.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { streamRun } from '../http/sse-run.js';
import { readJson, readQuery } from '../http/validate.js';
import { pptxFileName, presentationToPptx } from '../services/creation/presentation-pptx.js';

export const creationRoutes = new Hono<AppEnv>()
  .post(PresentationPaths.generate, async (c) => {
    const caller = requireCaller(c);
    const request = await readJson(c, GeneratePresentationRequest);
    // Errors before the stream opens answer as a JSON envelope; the client checks the content type.
    const run = await c.get('services').presentations.start(caller, request, c.get('info').language);
    return streamRun(c, run);
  })
  .get(PresentationPaths.list, async (c) =>
    ok(c, await c.get('services').presentations.list(requireCaller(c))),
  )
  .get(PresentationPaths.get, async (c) => {
    const caller = requireCaller(c);
    const { presentationId } = readQuery(c, PresentationIdQuery);
    return ok(c, await c.get('services').presentations.get(caller, presentationId));
  })
  .post(PresentationPaths.updateOutline, async (c) => {
    const caller = requireCaller(c);
    return ok(
      c,
      await c.get('services').presentations.updateOutline(caller, await readJson(c, UpdateOutlineRequest)),
    );
  })
  .post(PresentationPaths.stop, async (c) => {
    const caller = requireCaller(c);
    const { presentationId } = await readJson(c, PresentationIdQuery);
    return ok(c, await c.get('services').presentations.stop(caller, presentationId));
  })
  .post(PresentationPaths.delete, async (c) => {
    const caller = requireCaller(c);
    const { presentationId } = await readJson(c, PresentationIdQuery);
    return ok(c, await c.get('services').presentations.remove(caller, presentationId));
  })
  .get(PresentationPaths.exportPptx, async (c) => {
    const caller = requireCaller(c);
    const { presentationId } = readQuery(c, PresentationIdQuery);
    const presentation = await c.get('services').presentations.get(caller, presentationId);
    const bytes = await presentationToPptx(presentation, c.get('info').language);
    const name = pptxFileName(presentation.title);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'no-store',
    });
  })
  .post(FlowchartPaths.generate, async (c) => {
    const caller = requireCaller(c);
    const input = await readJson(c, FlowchartRequest);
    return ok(c, await c.get('services').flowcharts.generate(caller, input, c.get('info').language));
  })
  .get(ImagePaths.status, async (c) => {
    const { images, analytics } = c.get('services');
    return ok(c, { ...images.status(), operator: await analytics.isAdmin(c.get('caller')) });
  })
  .post(ImagePaths.generate, async (c) => {
    const caller = requireCaller(c);
    const { prompt } = await readJson(c, ImageGenerateRequest);
    return ok(c, await c.get('services').images.generate(caller, prompt));
  })
  .get(ImagePaths.list, async (c) => ok(c, await c.get('services').images.list(requireCaller(c))))
  .get(ImagePaths.file, async (c) => {
    const caller = requireCaller(c);
    const { imageId } = readQuery(c, ImageIdQuery);
    const { bytes, contentType } = await c.get('services').images.file(caller, imageId);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': contentType,
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .post(ImagePaths.delete, async (c) => {
    const caller = requireCaller(c);
    const { imageId } = await readJson(c, ImageIdQuery);
    return ok(c, await c.get('services').images.remove(caller, imageId));
  });
