// The one place an upload error value becomes words: the spec's codes first (1002, 20002, 1005, 20001),
// then the object store's refusals, then the server's own message, else the generic failure.
import type { TFunction } from 'i18next';
import { FREE_DAY_MAX_FILE_SOURCE, ResponseCode } from '../../api/contract';
import type { UploadErrorValue } from '../../machines/upload.machine';

const BY_CODE: Record<number, string> = {
  [ResponseCode.FileTypeUnsupported]: 'upload.unsupported',
  [ResponseCode.FilePagesExceedLimit]: 'upload.tooManyPages',
  [ResponseCode.UrlParseError]: 'upload.urlUnreadable',
  [ResponseCode.UsageExceedsLimit]: 'upload.dailyLimit',
};

const BY_STORE_CODE: Record<string, string> = {
  EntityTooLarge: 'upload.tooLarge',
  AccessDenied: 'upload.expired',
};

export function uploadErrorText(t: TFunction, error: UploadErrorValue): string {
  // Only the free daily documents have a short text; the other quotas (paid months, pages) say which in the
  // server's message.
  if (
    error.code === ResponseCode.UsageExceedsLimit &&
    error.source &&
    error.source !== FREE_DAY_MAX_FILE_SOURCE &&
    error.message
  )
    return error.message;
  if (error.code !== null && BY_CODE[error.code]) return t(BY_CODE[error.code] as string);
  if (error.storeCode && BY_STORE_CODE[error.storeCode]) return t(BY_STORE_CODE[error.storeCode] as string);
  if (error.network) return t('upload.network');
  if (error.message) return error.message;
  return t(error.stage === 'parse' ? 'upload.parseFailed' : 'upload.failed');
}
