import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSummary } from '../../common/contract';
import { extractiveSummary } from '../../server/providers/ai/offline-writing';
import {
  call,
  DATABASES,
  joinContent,
  newGuest,
  startTestServer,
  streamSend,
  type TestServer,
} from '../helpers/server';

const text =
  'Rivers carry water from mountains to the sea. Bakeries open early. ' +
  'Mountain rivers carry melted snow and water down to the valleys and the sea.';

describe.each(DATABASES)('Ask AI writing actions on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await newGuest(server.url);
  });
  afterAll(() => server.close());

  it('summarise (120000) streams the offline extractive summary of the selection', async () => {
    const result = await streamSend(server.url, token, {
      requestId: 'writing-summary-1',
      message: '',
      writingSelectionText: text,
      writingDocPromptTemplateId: 120000,
      writingDocId: 'doc-rivers-01',
    });
    expect(result.done?.status).toBe('done');
    expect(joinContent(result.chunks)).toBe(extractiveSummary(text));
    expect(joinContent(result.chunks)).not.toContain('Bakeries');
    expect(result.chunks.length).toBeGreaterThan(3);
  });

  it('the default template (no id, a question) asks about the selection; fix spelling corrects it', async () => {
    const asked = await streamSend(server.url, token, {
      requestId: 'writing-ask-1',
      message: 'What do bakeries do?',
      writingSelectionText: text,
    });
    expect(joinContent(asked.chunks)).toContain('- Bakeries open early.');
    const fixed = await streamSend(server.url, token, {
      requestId: 'writing-fix-1',
      message: '',
      writingSelectionText: 'teh river is realy long',
      writingDocPromptTemplateId: '120002',
    });
    expect(joinContent(fixed.chunks)).toBe('The river is really long');
  });

  it('translate goes into the chosen language, and Auto into the interface language', async () => {
    const translate = async (requestId: string, body: Record<string, unknown>) =>
      joinContent(
        (
          await streamSend(server.url, token, {
            requestId,
            message: '',
            writingSelectionText: text,
            writingDocPromptTemplateId: 120001,
            ...body,
          })
        ).chunks,
      );
    // The offline model cannot translate, and says into which language it was asked to.
    expect(await translate('writing-tr-auto', { translateLanguage: 'Auto', language: 'es' })).toContain(
      'cannot translate into Spanish',
    );
    expect(await translate('writing-tr-fr', { translateLanguage: 'fr', language: 'es' })).toContain(
      'cannot translate into French',
    );
    expect(await translate('writing-tr-none', { language: 'ar' })).toContain('cannot translate into Arabic');
  });

  it("the offline model writes its own sentences in the caller's language and quotes the user's as written", async () => {
    // Its own guest: the chats it makes stay out of the other tests' lists.
    const own = await newGuest(server.url);
    const inLanguage = async (language: string, requestId: string, body: Record<string, unknown>) =>
      joinContent(
        (await streamSend(server.url, own, { requestId, ...body }, { headers: { language } })).chunks,
      );
    const chat = await inLanguage('ar', 'offline-ar-chat', { message: 'rivers carry water' });
    expect(chat).toContain('نموذج Parley دون اتصال');
    expect(chat).toContain('**كتبتَ:**');
    expect(chat).toContain('> rivers carry water');
    expect(chat).toContain('**المصطلحات الرئيسية**: carry، rivers، water.');
    expect(chat).not.toMatch(/You wrote|Key terms|offline model/);
    const spanish = await inLanguage('es', 'offline-es-chat', { message: 'ríos y montañas' });
    expect(spanish).toContain('**Escribiste:**');
    expect(spanish).toContain('**Términos clave**: montañas, ríos.');
    const translate = await inLanguage('zh', 'offline-zh-translate', {
      message: '',
      writingSelectionText: text,
      writingDocPromptTemplateId: 120001,
      translateLanguage: 'fr',
    });
    expect(translate).toContain('Parley 离线模型无法翻译成法语');
    const asked = await inLanguage('es', 'offline-es-ask', {
      message: 'What do bakeries do?',
      writingSelectionText: text,
    });
    expect(asked).toContain('Frases de la selección relacionadas con tu pregunta:');
    expect(asked).toContain('- Bakeries open early.');
  });

  it('keeps the editor conversations out of the chat list, and refuses unknown templates', async () => {
    const list = await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', { token });
    expect(list.body.data).toEqual([]);
    const unknown = await streamSend(server.url, token, {
      requestId: 'writing-bad-1',
      message: 'x',
      writingSelectionText: text,
      writingDocPromptTemplateId: 130000,
    });
    expect(unknown.json?.msg).toBe('This writing action is not known.');
  });
});
