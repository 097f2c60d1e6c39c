// Wire contract of resumable uploads (a Parley extension beside getPresignedPost). Re-exported from contract.ts.
//
// A file is named by its md5. start -> the parts that already arrived (or `exists`: nothing to send);
// PUT each missing part (raw bytes); complete -> the server joins the parts and checks the md5.

export const UploadPaths = {
  start: '/py/api/v1/upload/start',
  /** PUT ?uploadId=...&partNumber=N (1-based), body: exactly the part's bytes. */
  part: '/py/api/v1/upload/part',
  complete: '/py/api/v1/upload/complete',
} as const;

/** Files above this size go through the resumable protocol; smaller ones through one presigned POST. */
export const RESUMABLE_MIN_BYTES = 4 * 1024 * 1024;

export interface StartUploadRequest {
  md5: string;
  size: number;
  fileName: string;
  contentType: string;
}

export type StartUploadResponse =
  | { exists: true }
  | {
      exists: false;
      uploadId: string;
      /** A multiple of 1 MiB; every part but the last has exactly this size. */
      partSize: number;
      partCount: number;
      /** Part numbers already received: never send them again. */
      received: number[];
    };

export interface UploadedPart {
  partNumber: number;
  receivedCount: number;
}

export interface CompleteUploadRequest {
  uploadId: string;
}

export interface CompletedUpload {
  md5: string;
  size: number;
}

/**
 * The multi-document maximum: logged-in pro 20, logged-in non-pro 2; a guest 2 when the flag is set
 * (Parley: the guest's enhanceUpload gray strategy), otherwise 20.
 */
export function multiDocLimit(user: { isLogin: boolean; isPro: boolean }, guestFlag: boolean): number {
  if (user.isLogin) return user.isPro ? 20 : 2;
  return guestFlag ? 2 : 20;
}
