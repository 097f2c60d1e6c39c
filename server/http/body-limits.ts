// Request body limits, enforced while the body is read: a body past its route's limit is refused with 413
// after at most that many bytes (at once when its Content-Length says so), never read whole first.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ResponseCode } from '../../common/contract/index.js';
import { UploadPaths } from '../../common/contract/uploads.js';
import { WRITING_CONTENT_MAX_CHARS, WritingPaths } from '../../common/contract/writing.js';
import { AppError } from '../errors.js';
import { LOCAL_POST_PATH } from '../providers/storage/local-store.js';
import { type AppEnv, errorEnvelope } from './context.js';

/** A writing document may hold WRITING_CONTENT_MAX_CHARS characters; in UTF-8 each takes up to 3 bytes. */
const WRITING_BODY_BYTES = WRITING_CONTENT_MAX_CHARS * 3 + 64 * 1024;

/** The most bytes a request to `path` may carry; null where the route reads its body against its own rule. */
export function bodyLimitOf(path: string, jsonMaxBytes: number): number | null {
  // File bytes: the signed upload policy (embedded store) and the expected part size bound these while streaming.
  if (path.startsWith(`${LOCAL_POST_PATH}/`) || path === UploadPaths.part) return null;
  if (path === WritingPaths.upsertDoc || path === WritingPaths.updateDoc)
    return Math.max(jsonMaxBytes, WRITING_BODY_BYTES);
  return jsonMaxBytes;
}

export function bodyLimits(jsonMaxBytes: number): MiddlewareHandler<AppEnv> {
  const refuse = (maxBytes: number) =>
    bodyLimit({
      maxSize: maxBytes,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request after this one.
        c.header('Connection', 'close');
        return errorEnvelope(
          c,
          new AppError(ResponseCode.BadRequest, 'common.bodyTooLarge', {
            httpStatus: 413,
            params: { limit: `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` },
          }),
        );
      },
    });
  const byLimit = new Map<number, MiddlewareHandler>();
  return (c, next) => {
    const limit = bodyLimitOf(c.req.path, jsonMaxBytes);
    if (limit === null) return next();
    let middleware = byLimit.get(limit);
    if (!middleware) {
      middleware = refuse(limit);
      byLimit.set(limit, middleware);
    }
    return middleware(c, next);
  };
}
