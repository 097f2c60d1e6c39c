// Wire contract of the pictures found in documents (getImages, extract_image). Re-exported from contract.ts.

export const DocImagePaths = {
  /** POST: the caller's pictures of one document (md5) or of a chat's documents (channelId), in reading order. */
  getImages: '/api/v1/chat/getImages',
  /** POST {md5}: starts the document's picture extraction if it has not run, waits for it, answers its state. */
  extractImage: '/py/api/v1/chat/extract_image',
  /** GET ?imageId=: one picture's bytes, for its owner only (the call carries the Authorization header). */
  imageFile: '/api/v1/chat/doc/image',
} as const;

export const DOC_IMAGES_DEFAULT_LIMIT = 20;
export const DOC_IMAGES_MAX_LIMIT = 100;

/**
 * getImages body. Pictures come in reading order (the chat's documents in their order, then page, then place
 * on the page); `beforeImageId` is the last picture the caller already has, and the answer goes on after it.
 */
export interface GetImagesRequest {
  channelId?: string;
  md5?: string;
  beforeImageId?: string;
  limit?: number;
}

export interface DocumentImage {
  imageId: string;
  /** The document it was found in. */
  md5: string;
  /** Page or slide (1-based) that shows it; null when the file does not say (headers, slide layouts). */
  page: number | null;
  width: number;
  height: number;
  /** Same-origin address of its bytes (needs the owner's Authorization header). */
  url: string;
}

export interface DocumentImagesPage {
  images: DocumentImage[];
  hasMore: boolean;
}

export interface ExtractImageRequest {
  md5: string;
}

/** extract_image answer: done (imageCount kept; parseStatus 3 when any, else 1) or failed. */
export interface ImageExtraction {
  md5: string;
  state: 'done' | 'failed';
  imageCount: number;
  parseStatus: number;
}
