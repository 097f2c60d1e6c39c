import type {
  EditorJson,
  ExtractTitleResponse,
  SetTipsExistFlagRequest,
  WritingDoc,
  WritingDocSummary,
  WritingImageUrlResponse,
} from '../../common/contract';
import { WritingPaths } from '../../common/contract';
import { type RequestOptions, request } from './http';

type Quiet = Pick<RequestOptions, 'suppressAlert' | 'signal'>;

export const writingApi = {
  getDoc: (docId: string, options?: Quiet) =>
    request<WritingDoc>('GET', WritingPaths.getDoc, { ...options, query: { docId } }),
  myDocList: (options?: Quiet) => request<WritingDocSummary[]>('GET', WritingPaths.myDocList, options),
  upsertDoc: (
    body: { docId: string; docTitle: string; content: EditorJson; baseRevision?: number },
    options?: Quiet,
  ) => request<WritingDoc>('POST', WritingPaths.upsertDoc, { ...options, body }),
  updateDoc: (
    body: { docId: string; docTitle?: string; content?: EditorJson; baseRevision: number },
    options?: Quiet,
  ) => request<WritingDoc>('POST', WritingPaths.updateDoc, { ...options, body }),
  deleteDoc: (docId: string, options?: Quiet) =>
    request<boolean>('POST', WritingPaths.deleteDoc, { ...options, body: { docId } }),
  setTipsExistFlag: (body: SetTipsExistFlagRequest, options?: Quiet) =>
    request<boolean>('POST', WritingPaths.setTipsExistFlag, { ...options, body }),
  imageUrl: (md5: string, options?: Quiet) =>
    request<WritingImageUrlResponse>('GET', WritingPaths.imageUrl, { ...options, query: { md5 } }),
  extractTitle: (url: string, options?: Quiet) =>
    request<ExtractTitleResponse>('GET', WritingPaths.extractTitle, { ...options, query: { url } }),
};
