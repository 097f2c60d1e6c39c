// Wire contract of the writing area (documents of the editor, link titles). Re-exported from contract.ts.

export const WritingPaths = {
  getDoc: '/api/v1/writing/getDoc',
  upsertDoc: '/api/v1/writing/upsertDoc',
  myDocList: '/api/v1/writing/myDocList',
  updateDoc: '/api/v1/writing/updateDoc',
  /** POST { docId }: deletes the caller's document (404 for anyone else's). */
  deleteDoc: '/api/v1/writing/deleteDoc',
  setTipsExistFlag: '/api/v1/writing/setTipsExistFlag',
  extractTitle: '/api/v1/writing/extractTitle',
  /**
   * Parley extension: GET {image}/{md5}?k={key} serves an uploaded editor image (png or jpeg only). The key makes
   * the address the grant (an <img> sends no token); it comes from imageUrl.
   */
  image: '/api/v1/writing/image',
  /** Parley extension: GET ?md5= answers { url }, the image's address, to a caller who holds those bytes. */
  imageUrl: '/api/v1/writing/imageUrl',
} as const;

/** The writing template ids: 120000..120014 cover the actions; 120013 (ask) is the default. */
export const WRITING_TEMPLATE_MIN = 120000;
export const WRITING_TEMPLATE_MAX = 120014;
export const DEFAULT_WRITING_TEMPLATE_ID = 120013;
export const WritingTemplate = {
  summarize: 120000,
  translate: 120001,
  fixSpelling: 120002,
  shorter: 120003,
  longer: 120004,
  ask: 120013,
} as const;
export type WritingAction = keyof typeof WritingTemplate;

export interface WritingImageUrlResponse {
  url: string;
}

export const WRITING_TITLE_MAX = 200;
/** A tiptap JSON document, serialised; large enough for a long book chapter. */
export const WRITING_CONTENT_MAX_CHARS = 5_000_000;

/** A tiptap JSON node ({ type: 'doc', content: [...] }). */
export interface EditorJson {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorJson[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

/** The default: an empty doc-type node with no content. */
export const EMPTY_WRITING_DOC: EditorJson = { type: 'doc' };

export interface WritingDocSummary {
  docId: string;
  docTitle: string;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export interface WritingDoc extends WritingDocSummary {
  content: EditorJson;
  tipsExistFlag: boolean;
}

export interface ExtractTitleResponse {
  url: string;
  title: string;
}

/**
 * Ask AI's output languages for Translate: Auto (the interface language) first, then each language by its
 * own name; `english` is how the model is told the language.
 */
export const OUTPUT_LANGUAGES = [
  { code: 'Auto', english: '', label: '' },
  { code: 'en', english: 'English', label: 'English' },
  { code: 'ar', english: 'Arabic', label: 'العربية' },
  { code: 'zh', english: 'Simplified Chinese', label: '简体中文' },
  { code: 'es', english: 'Spanish', label: 'Español' },
  { code: 'fr', english: 'French', label: 'Français' },
  { code: 'de', english: 'German', label: 'Deutsch' },
  { code: 'pt', english: 'Portuguese', label: 'Português' },
  { code: 'it', english: 'Italian', label: 'Italiano' },
  { code: 'ru', english: 'Russian', label: 'Русский' },
  { code: 'ja', english: 'Japanese', label: '日本語' },
  { code: 'ko', english: 'Korean', label: '한국어' },
  { code: 'hi', english: 'Hindi', label: 'हिन्दी' },
] as const;
export type OutputLanguageCode = (typeof OUTPUT_LANGUAGES)[number]['code'];

/** The language a translation is written in: a listed code or name, else the interface language. */
export function translationTarget(
  requested: string | undefined,
  interfaceLanguage: string | undefined,
): string {
  const find = (value: string | undefined) =>
    OUTPUT_LANGUAGES.find(
      (l) => l.code !== 'Auto' && (l.code === value?.slice(0, 2).toLowerCase() || l.english === value),
    );
  return (find(requested) ?? find(interfaceLanguage) ?? OUTPUT_LANGUAGES[1]).english;
}
