// Document chat calls: parse a document (/py/api/v1/chat/create), open document chats
// (chatCreateUsingPOST, createNewChat), and the owner's document text, file and answer sources.
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import {
  ChannelQuery,
  CreateDocumentRequest,
  CreateNewChatRequest,
  DocChatCreateRequest,
  FaviconQuery,
  Md5Query,
  ReadAgainRequest,
  WorkspaceDeleteRequest,
} from '../../common/contract/documents.schema.js';
import { DocumentPaths, WORKSPACE_CATEGORIES, type WorkspaceCategory } from '../../common/contract/index.js';
import { notFound, tooManyRequests } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readQuery } from '../http/validate.js';
import { faviconOrigin } from '../services/documents/favicons.js';
import { routeTypeOf } from '../services/workspace/registry.js';

export const documentRoutes = new Hono<AppEnv>()
  // An <img> asks for it, so no token comes with it: guarded instead by the origin rule, the outbound guard,
  // a per-address rate and the cache.
  .get(DocumentPaths.favicon, async (c) => {
    const services = c.get('services');
    const origin = faviconOrigin(readQuery(c, FaviconQuery).origin);
    if (!origin) throw notFound('search.faviconNotFound');
    if (!(await services.faviconLimiter.take(c.get('info').ip))) throw tooManyRequests();
    const icon = await services.favicons.get(origin);
    if (!icon) throw notFound('search.faviconNotFound');
    return c.body(new Uint8Array(icon.body), 200, {
      'content-type': icon.type,
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'",
    });
  })
  .post(DocumentPaths.createDocument, async (c) => {
    const caller = requireCaller(c);
    const request = await readJson(c, CreateDocumentRequest);
    return ok(c, await c.get('services').documents.create(caller, request, c.get('info').language));
  })
  .get(DocumentPaths.parseProgress, (c) => {
    const caller = requireCaller(c);
    const { md5 } = readQuery(c, Md5Query);
    return ok(c, c.get('services').documents.progress(caller, md5));
  })
  .post(DocumentPaths.createDocChat, async (c) => {
    const caller = requireCaller(c);
    const request = await readJson(c, DocChatCreateRequest);
    return ok(c, await c.get('services').docChats.create(caller, request));
  })
  .post(DocumentPaths.createNewChat, async (c) => {
    const caller = requireCaller(c);
    const request = await readJson(c, CreateNewChatRequest);
    return ok(c, await c.get('services').docChats.createNewChat(caller, request));
  })
  .get(DocumentPaths.documentPages, async (c) => {
    const caller = requireCaller(c);
    const { md5 } = readQuery(c, Md5Query);
    return ok(c, await c.get('services').documents.pages(caller, md5));
  })
  .post(DocumentPaths.readAgain, async (c) => {
    const caller = requireCaller(c);
    const { md5 } = await readJson(c, ReadAgainRequest);
    const { documents, readAgainLimiter } = c.get('services');
    // Another user's md5 answers as an unknown one does, before the limiter counts anything.
    if (!(await documents.owned(caller, md5))) throw notFound('docs.notFound');
    // Each read takes a parse slot and, for a scan, seconds of OCR a page.
    if (!(await readAgainLimiter.take(caller.userId))) throw tooManyRequests();
    return ok(c, await documents.readAgain(caller, md5, c.get('info').language));
  })
  .get(DocumentPaths.documentFile, async (c) => {
    const caller = requireCaller(c);
    const { md5 } = readQuery(c, Md5Query);
    const { row, stream } = await c.get('services').documents.file(caller, md5);
    c.header('Content-Type', row.contentType);
    c.header('Cache-Control', 'private, max-age=3600');
    c.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.fileName)}`);
    return c.body(Readable.toWeb(stream) as unknown as ReadableStream);
  })
  .get(DocumentPaths.linkSources, async (c) => {
    const caller = requireCaller(c);
    const { channelId } = readQuery(c, ChannelQuery);
    return ok(c, await c.get('services').docChats.links(caller, channelId));
  })
  .get(DocumentPaths.searchStatus, (c) => {
    const { search } = c.get('services');
    return ok(c, { web: Boolean(search.web), academic: Boolean(search.academic) });
  })
  .get(`${DocumentPaths.workspace}/:routeType/:fileCategory`, async (c) => {
    const caller = requireCaller(c);
    const routeType = routeTypeOf(c.req.param('routeType'));
    const category = c.req.param('fileCategory') as WorkspaceCategory;
    if (!routeType || !WORKSPACE_CATEGORIES.includes(category)) throw notFound('workspace.unknown');
    return ok(c, await c.get('services').workspace.list(caller, routeType, category));
  })
  .post(DocumentPaths.workspaceDelete, async (c) => {
    const caller = requireCaller(c);
    const { category, id } = await readJson(c, WorkspaceDeleteRequest);
    if (!(await c.get('services').workspace.remove(caller, category, id)))
      throw notFound('workspace.fileNotFound');
    return ok(c, true);
  })
  .get(DocumentPaths.answerSources, async (c) => {
    const caller = requireCaller(c);
    const { channelId } = readQuery(c, ChannelQuery);
    return ok(c, await c.get('services').docChats.sources(caller, channelId));
  });
