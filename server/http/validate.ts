// Reads request bodies and query strings through the contract's zod schemas, with text made storable first.
import type { Context } from 'hono';
import type { z } from 'zod';
import { ResponseCode } from '../../common/contract/index.js';
import { AppError } from '../errors.js';
import { isMessageKey } from '../messages/index.js';
import { storableText } from '../services/storable-text.js';

function parsedOrThrow<T>(parsed: { success: true; data: T } | { success: false; error: z.ZodError }): T {
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue && isMessageKey(issue.message) ? issue.message : 'common.badRequest';
  throw new AppError(ResponseCode.BadRequest, key, { httpStatus: 400 });
}

/** The JSON body with its text made storable before any schema sees it; a body that is not JSON is a 400. */
export async function readJsonValue(c: Context): Promise<unknown> {
  try {
    return storableText(await c.req.json());
  } catch {
    throw new AppError(ResponseCode.BadRequest, 'common.badRequest', { httpStatus: 400 });
  }
}

/** Parses a JSON body with a contract schema; a schema message that names a message key is shown as that text. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parsedOrThrow(schema.safeParse(await readJsonValue(c)));
}

/** Parses the query string with a contract schema, with the same message-key rule as readJson. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(storableText(c.req.query()));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue && isMessageKey(issue.message) ? issue.message : 'common.badRequest';
  throw new AppError(ResponseCode.BadRequest, key, { httpStatus: 400 });
}
