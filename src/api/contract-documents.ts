// Wire contract of the documents area (upload, parse, document chat). Re-exported from contract.ts.

export const DocumentPaths = {
  getPresignedPost: '/py/api/v1/chat/getPresignedPost',
  createDocument: '/py/api/v1/chat/create',
} as const;

/** File hashing and resumable-upload slice size (the spec's 1 MiB). */
export const HASH_CHUNK_BYTES = 1024 * 1024;
/** Enhanced files: at most this many pages (20002 above it). */
export const ENHANCED_FILE_MAX_PAGES = 100;
export const FREE_FILES_PER_DAY = 2;
export const MULTI_DOC_MAX_PRO = 20;
export const MULTI_DOC_MAX_NON_PRO = 2;

/** The spec's upload status values. */
export const UploadStatus = { BeforeUpload: 0, Uploading: 1, Parsing: 2, Failed: 3, Success: 4 } as const;
export type UploadStatusValue = (typeof UploadStatus)[keyof typeof UploadStatus];

/** The spec's file parse result values. */
export const ParseStatus = { NotFinished: 0, TextFinished: 1, ImageFinished: 2, TextAndImage: 3 } as const;

export type FileCategory = 'pdf' | 'ppt' | 'doc' | 'image' | 'writing' | 'presentation';

/** GET getPresignedPost?md5=...&bucket=... answer: POST the fields plus `file` to url (no auth header). */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  /** Parley extension: the store already holds an object with this md5, so nothing needs sending. */
  exists?: boolean;
}

/** POST /py/api/v1/chat/create body. `md5` names an uploaded object; `url` (Parley extension) a web page. */
export interface CreateDocumentRequest {
  model?: string;
  md5?: string;
  url?: string;
  fileName?: string;
  fileContentType?: string;
  fromPpt?: boolean;
}

/** Answer of POST /py/api/v1/chat/create. */
export interface CreatedDocument {
  md5: string;
  fileName: string;
  fileType: FileCategory;
  fileContentType: string;
  topic: string;
  language: string;
  page_count: number;
  parseStatus: number;
}

/** A document attached to a channel (the spec's "Document in chat"). */
export interface DocumentInChat {
  file_name: string;
  file_type: string;
  file_page_count: number;
  md5: string;
}
