// Client calls of the pictures found in documents (paths and types from common/contract/document-images.ts).
import {
  DocImagePaths,
  type DocumentImagesPage,
  type GetImagesRequest,
  type ImageExtraction,
} from '../../common/contract';
import { request, requestBlob } from './http';

export const docImagesApi = {
  /** Waits until the document's pictures are read (at once when they already were). */
  extract: (md5: string, signal?: AbortSignal) =>
    request<ImageExtraction>('POST', DocImagePaths.extractImage, {
      body: { md5 },
      signal,
      suppressAlert: true,
    }),
  list: (body: GetImagesRequest, signal?: AbortSignal) =>
    request<DocumentImagesPage>('POST', DocImagePaths.getImages, { body, signal, suppressAlert: true }),

  /** A picture's bytes: its url needs the owner's Authorization header, so no plain <img src>. */
  blob: (url: string, signal?: AbortSignal) => requestBlob(url, signal),
};
