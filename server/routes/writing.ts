import { Hono } from 'hono';
import { type ExtractTitleResponse, WritingPaths } from '../../src/api/contract.js';
import {
  ExtractTitleQuery,
  GetDocQuery,
  SetTipsExistFlagRequest,
  UpdateDocRequest,
  UpsertDocRequest,
} from '../../src/api/schemas-writing.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readQuery } from '../http/validate.js';

export const writingRoutes = new Hono<AppEnv>()
  .get(WritingPaths.getDoc, async (c) => {
    const caller = requireCaller(c);
    const { docId } = readQuery(c, GetDocQuery);
    return ok(c, await c.get('services').writing.get(caller, docId));
  })
  .get(WritingPaths.myDocList, async (c) => ok(c, await c.get('services').writing.list(requireCaller(c))))
  .post(WritingPaths.upsertDoc, async (c) => {
    const caller = requireCaller(c);
    return ok(c, await c.get('services').writing.upsert(caller, await readJson(c, UpsertDocRequest)));
  })
  .post(WritingPaths.updateDoc, async (c) => {
    const caller = requireCaller(c);
    return ok(c, await c.get('services').writing.update(caller, await readJson(c, UpdateDocRequest)));
  })
  .post(WritingPaths.setTipsExistFlag, async (c) => {
    const caller = requireCaller(c);
    const { docId, tipsExistFlag } = await readJson(c, SetTipsExistFlagRequest);
    return ok(c, await c.get('services').writing.setTipsExistFlag(caller, docId, tipsExistFlag));
  })
  .get(WritingPaths.extractTitle, async (c) => {
    requireCaller(c);
    const { url } = readQuery(c, ExtractTitleQuery);
    const title = await c.get('services').linkTitles.extract(url);
    return ok(c, { url, title } satisfies ExtractTitleResponse);
  });
