// The one place an upload error value becomes words: the network and the object store's refusals first, then
// the server's own (translated) message, then the fixed texts per code (1002, 20002, 1005, 20001).
import type { TFunction } from 'i18next';
import { FREE_DAY_MAX_FILE_SOURCE, ResponseCode } from '../../../common/contract';
import type { UploadErrorValue } from '../../machines/upload.machine';

const BY_CODE: Record<number, string> = {
  [ResponseCode.FileTypeUnsupported]: 'uploads.unsupported',
  [ResponseCode.FilePagesExceedLimit]: 'uploads.tooManyPages',
  [ResponseCode.UrlParseError]: 'uploads.urlUnreadable',
  [ResponseCode.UsageExceedsLimit]: 'uploads.dailyLimit',
};

const BY_STORE_CODE: Record<string, string> = {
  EntityTooLarge: 'uploads.tooLarge',
  AccessDenied: 'uploads.expired',
};

export function uploadErrorText(t: TFunction, error: UploadErrorValue): string {
  if (error.network) return t('uploads.network');
  if (error.storeCode && BY_STORE_CODE[error.storeCode]) return t(BY_STORE_CODE[error.storeCode] as string);
  // The free daily documents have the short text; every other refusal the server explains itself, in
  // the caller's language (what was wrong with this file, which quota), so its message wins over a fixed one.
  const freeDaily =
    error.code === ResponseCode.UsageExceedsLimit &&
    (!error.source || error.source === FREE_DAY_MAX_FILE_SOURCE);
  if (freeDaily) return t('uploads.dailyLimit');
  if (error.code !== null && error.message) return error.message;
  if (error.code !== null && BY_CODE[error.code]) return t(BY_CODE[error.code] as string);
  if (error.message) return error.message;
  return t(error.stage === 'parse' ? 'uploads.parseFailed' : 'uploads.failed');
}

/**
 * A refusal that the same file meets again however often it is sent: its type, its size, or what the server found
 * it to be (damaged, protected with a password, over the page limit, without text).
 */
export function uploadErrorIsFinal(error: UploadErrorValue | null): boolean {
  if (!error || error.network) return false;
  return (
    error.final === true ||
    error.code === ResponseCode.FileTypeUnsupported ||
    error.storeCode === 'EntityTooLarge'
  );
}
