// Wire contract of the documents area (upload, parse, document chat). Re-exported from contract.ts.

export const DocumentPaths = {
  getPresignedPost: '/py/api/v1/chat/getPresignedPost',
  createDocument: '/py/api/v1/chat/create',
  /** GET ?md5=: while a document is created, how far the reading of its pages without text has come. */
  parseProgress: '/py/api/v1/chat/parseProgress',
  /** chatCreateUsingPOST: a document chat from documents or a url. */
  createDocChat: '/api/v1/chat/doc/create',
  /** createNewChat: a fresh channel over the documents of another. */
  createNewChat: '/api/v1/chat/createNewChat',
  /** GET ?md5=: the caller's document with its text per page (the text view beside the chat). */
  documentPages: '/api/v1/chat/doc/pages',
  /** GET ?md5=: the caller's original file (the pdf view). */
  documentFile: '/api/v1/chat/doc/file',
  /**
   * POST { md5 }: reads the caller's stored file again with their current settings (OCR turned on since) and
   * replaces the document's text; progress on parseProgress as for a new document.
   */
  readAgain: '/api/v1/chat/doc/readAgain',
  /** GET ?channelId=: the numbered page sources of every answer in a document chat. */
  answerSources: '/api/v1/chat/doc/sources',
  /** GET ?channelId=: the web and academic sources of every answer in a chat (source lists). */
  linkSources: '/api/v1/chat/linkSources',
  /** GET ?origin=: a source site's favicon, fetched by the server (the browser never contacts the site). */
  favicon: '/api/v1/search/favicon',
  /** GET: which search providers this server has (off ones show a clear state). */
  searchStatus: '/api/v1/search/status',
  /** GET /api/v1/workspace/{routeType}/{fileCategory}: the caller's files by category. */
  workspace: '/api/v1/workspace',
  /** POST { category, id }: deletes one of the caller's workspace files. */
  workspaceDelete: '/api/v1/workspace/delete',
} as const;

/** Where the app loads a source's favicon: through this server, named by the source's origin. */
export function faviconPath(url: string): string | null {
  try {
    const { protocol, origin } = new URL(url);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    return `${DocumentPaths.favicon}?origin=${encodeURIComponent(origin)}`;
  } catch {
    return null;
  }
}

/** The source link. */
export interface SourceLink {
  url: string;
  title: string;
  favicon: string;
  source: string;
  publishDate: string | null;
  snippet: string;
  isPdf: boolean;
}

/** Source n of an answer that searched the web or arXiv. */
export interface LinkSource extends SourceLink {
  messageId: string;
  n: number;
  kind: 'web' | 'academic';
}

export type SearchMode = 'web' | 'academic';

export interface SearchStatus {
  web: boolean;
  academic: boolean;
}

/** Source-list rules. */
export const SOURCE_LIST_COLLAPSED_CARDS = 3;
export const SOURCE_LIST_VIEW_ALL_ABOVE = 4;
export const SOURCE_LIST_MAX_FAVICONS = 7;

/** Preprint abstract links (4 digits, a dot, 4 or 5 digits) and the pdf link they convert to. */
export const ARXIV_ABS = /^https?:\/\/(?:www\.)?arxiv\.org\/abs\/(\d{4}\.\d{4,5})(v\d+)?\/?$/i;
export const PDF_LINK = /(\.pdf(?:[?#].*)?$)|(^https?:\/\/(?:www\.)?arxiv\.org\/pdf\/\d{4}\.\d{4,5})/i;

export function readableDocumentUrl(url: string): string | null {
  const abs = ARXIV_ABS.exec(url);
  if (abs) return `https://arxiv.org/pdf/${abs[1]}${abs[2] ?? ''}`;
  return PDF_LINK.test(url) ? url : null;
}

/** Workspace: routeType manual (uploaded) or ai (generated); the categories. */
export const WORKSPACE_CATEGORIES = ['all', 'pdf', 'doc', 'ppt', 'image', 'presentation', 'writing'] as const;
export type WorkspaceCategory = (typeof WORKSPACE_CATEGORIES)[number];
export type WorkspaceRouteType = 'manual' | 'ai';

export interface WorkspaceFile {
  id: string;
  category: Exclude<WorkspaceCategory, 'all'>;
  routeType: WorkspaceRouteType;
  name: string;
  /** Where the app opens it (a path inside Parley). */
  href: string;
  updatedAt: string;
  pageCount?: number;
  /** An uploaded document whose stored file can be read again (POST readAgain); a web page's cannot. */
  readAgain?: boolean;
}

/** The pay prompt's source when a free user has used today's documents. */
export const FREE_DAY_MAX_FILE_SOURCE = 'FREEDAYMAXFILE';
/** Pay-prompt sources of the other document quotas: paid plans' monthly documents, and pages per period. */
export const MONTH_MAX_FILE_SOURCE = 'MONTHMAXFILE';
export const FREE_DAY_MAX_PAGE_SOURCE = 'FREEDAYMAXPAGE';
export const MONTH_MAX_PAGE_SOURCE = 'MONTHMAXPAGE';

/** The one-chat role: the first answer of a document chat summarises the documents. */
export const ROLE_SUMMARY_PROMPT = 'SUMMARYPROMPT';

/** File hashing and resumable-upload slice size (1 MiB). */
export const HASH_CHUNK_BYTES = 1024 * 1024;
/** Enhanced files: at most this many pages (20002 above it). */
export const ENHANCED_FILE_MAX_PAGES = 100;
export const MULTI_DOC_MAX_PRO = 20;
export const MULTI_DOC_MAX_NON_PRO = 2;

/** The upload status values. */
export const UploadStatus = { BeforeUpload: 0, Uploading: 1, Parsing: 2, Failed: 3, Success: 4 } as const;
export type UploadStatusValue = (typeof UploadStatus)[keyof typeof UploadStatus];

/** The file parse result values. */
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
  /** Parley extension: the file has no page breaks, so its pages are of a fixed size and their numbers estimates. */
  pages_estimated?: boolean;
  parseStatus: number;
}

/** A document attached to a channel. */
export interface DocumentInChat {
  file_name: string;
  file_type: string;
  file_page_count: number;
  /** Parley extension: see CreatedDocument.pages_estimated. */
  file_pages_estimated?: boolean;
  md5: string;
}

/** chatCreateUsingPOST body: documents already created (md5s) or a url; channelType ONE_CHAT by default. */
export interface DocChatCreateRequest {
  model?: string;
  md5?: string;
  /** Several documents at once (multi-doc, up to the plan's limit). */
  md5s?: string[];
  url?: string;
  extract_img_5k?: boolean;
  channelType?: 'ONE_CHAT' | 'DOC';
}

/** The chat-create response. */
export interface DocChatCreated {
  channel_id: string;
  channel_name: string;
  md5: string;
  model: string;
  /** Parley extension: the documents of the new channel (docEntries.docs). */
  docs: DocumentInChat[];
}

/** createNewChat body: a new channel over `docs` (or the documents of `channelId`). */
export interface CreateNewChatRequest {
  channelId?: string;
  roleEnum?: string;
  docs?: { md5: string }[];
  channelType?: 'ONE_CHAT' | 'DOC';
  model?: string;
}

export interface DocumentPage {
  page: number;
  text: string;
}

export interface DocumentPages {
  md5: string;
  fileName: string;
  fileType: FileCategory;
  fileContentType: string;
  url: string | null;
  page_count: number;
  /** Parley extension: see CreatedDocument.pages_estimated. */
  pages_estimated?: boolean;
  pages: DocumentPage[];
}

/** Source n of an answer: `[n]` in the answer's text cites this page. */
export interface AnswerSource {
  messageId: string;
  n: number;
  md5: string;
  fileName: string;
  page: number;
  excerpt: string;
}

/** Answer of POST readAgain: the document as it is now, and how many of its pages have text, before and now. */
export interface DocumentReadAgain {
  document: CreatedDocument;
  pagesWithText: number;
  pagesWithTextBefore: number;
}

/** Answer of GET parseProgress: page `page` of the `pages` without a text layer is being read; null: none. */
export interface ParseProgress {
  page: number;
  pages: number;
}
