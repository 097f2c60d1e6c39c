import type { Context } from 'hono';
import type { z } from 'zod';
import { ResponseCode } from '../../src/api/contract.js';
import { AppError } from './errors.js';
import { isMessageKey } from './messages.js';

function parsedOrThrow<T>(parsed: { success: true; data: T } | { success: false; error: z.ZodError }): T {
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue && isMessageKey(issue.message) ? issue.message : 'common.badRequest';
  throw new AppError(ResponseCode.BadRequest, key, { httpStatus: 400 });
}

/** Parses a JSON body with a contract schema; a schema message that names a message key is shown as that text. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(ResponseCode.BadRequest, 'common.badRequest', { httpStatus: 400 });
  }
  return parsedOrThrow(schema.safeParse(body));
}

/** Parses the query string with a contract schema, with the same message-key rule as readJson. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue && isMessageKey(issue.message) ? issue.message : 'common.badRequest';
  throw new AppError(ResponseCode.BadRequest, key, { httpStatus: 400 });
}
