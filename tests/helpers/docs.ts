// Document chat calls for server tests: upload a file the way the browser does (presigned POST), create
// the document, open a document chat.
import {
  type AnswerSource,
  type CreatedDocument,
  type DocChatCreated,
  DocumentPaths,
  type Envelope,
  type PresignedPost,
} from '../../common/contract';
import { call } from './server';
import { md5, postForm } from './uploads';

export function docsClient(baseUrl: string, token: string, language = 'en') {
  const headers = { language };
  return {
    token,
    grant: (hash: string) =>
      call<PresignedPost>(baseUrl, 'GET', `${DocumentPaths.getPresignedPost}?md5=${hash}`, { token }),
    async upload(file: Buffer) {
      const hash = md5(file);
      const grant = await this.grant(hash);
      if (!grant.body.data.exists) {
        const sent = await postForm(grant.body.data.url, grant.body.data.fields, file);
        if (sent.status !== 204) throw new Error(`upload failed: ${sent.text}`);
      }
      return hash;
    },
    create: (body: Record<string, unknown>) =>
      call<CreatedDocument>(baseUrl, 'POST', DocumentPaths.createDocument, { token, body, headers }),
    async uploadAndCreate(file: Buffer, fileName: string, fileContentType?: string) {
      const hash = await this.upload(file);
      return this.create({ md5: hash, fileName, fileContentType, model: 'Standard' });
    },
    chat: (body: Record<string, unknown>) =>
      call<DocChatCreated>(baseUrl, 'POST', DocumentPaths.createDocChat, { token, body, headers }),
    pages: (hash: string) =>
      call<{ pages: { page: number; text: string }[]; page_count: number; pages_estimated?: boolean }>(
        baseUrl,
        'GET',
        `${DocumentPaths.documentPages}?md5=${hash}`,
        { token, headers },
      ),
    sources: (channelId: string) =>
      call<AnswerSource[]>(baseUrl, 'GET', `${DocumentPaths.answerSources}?channelId=${channelId}`, {
        token,
        headers,
      }),
    async file(hash: string) {
      const response = await fetch(`${baseUrl}${DocumentPaths.documentFile}?md5=${hash}`, {
        headers: { Authorization: token },
      });
      const type = response.headers.get('content-type') ?? '';
      return {
        status: response.status,
        type,
        bytes: type.includes('json') ? null : Buffer.from(await response.arrayBuffer()),
        body: type.includes('json') ? ((await response.json()) as Envelope<null>) : null,
      };
    },
  };
}
