import { ResponseCode, type ResponseCodeValue } from '../common/contract/index.js';
import type { MessageKey } from './messages/index.js';

/** An error with the code; routes throw it and the envelope middleware answers it in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly code: ResponseCodeValue,
    readonly messageKey: MessageKey,
    readonly options: {
      httpStatus?: 200 | 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502;
      params?: Record<string, string>;
      source?: string;
      shortMessage?: string;
      /** The same request is refused the same way again (Envelope.final): no retry is offered. */
      final?: boolean;
    } = {},
  ) {
    super(messageKey);
  }
}

export const notFound = (key: MessageKey) => new AppError(ResponseCode.NotFound, key, { httpStatus: 404 });
export const badRequest = (key: MessageKey, params?: Record<string, string>) =>
  new AppError(ResponseCode.BadRequest, key, { httpStatus: 400, params });
export const unauthenticated = () =>
  new AppError(ResponseCode.BadRequest, 'auth.required', { httpStatus: 401 });
export const tooManyRequests = () =>
  new AppError(ResponseCode.TooManyRequests, 'common.tooManyRequests', { httpStatus: 429 });
