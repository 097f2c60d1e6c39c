import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandingInfo, LocaleList, PaymentInfo, ReleaseNote, Template } from '../../common/contract';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('landing, templates and translations on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      links: {
        community: 'https://chat.example.org/parley',
        social: null,
        chromeExtension: null,
        ios: null,
        android: null,
      },
    });
  });
  afterAll(() => server.close());

  const get = <T>(path: string, options: { token?: string | null; language?: string } = {}) =>
    call<T>(server.url, 'GET', path, {
      token: options.token,
      headers: { language: options.language ?? 'en' },
    });

  it('payment method names and release notes come in the caller language (brand names stay)', async () => {
    const names = async (language: string) =>
      (await get<PaymentInfo>('/api/v1/membership/payment', { language })).body.data.providers.map(
        (p) => p.name,
      );
    expect(await names('en')).toEqual(['Card (test mode)', 'Test wallet']);
    expect(await names('ar')).toEqual(['بطاقة (وضع الاختبار)', 'محفظة تجريبية']);
    expect(await names('zh')).toEqual(['银行卡（测试模式）', '测试钱包']);
    expect(await names('es')).toEqual(['Tarjeta (modo de prueba)', 'Monedero de prueba']);
    const notes = async (language: string) =>
      (await get<ReleaseNote[]>('/api/v1/release/notes', { language })).body.data[0].notes.join(' ');
    expect(await notes('en')).toContain('English, Arabic (right to left), Chinese and Spanish.');
    expect(await notes('ar')).toContain('الإنجليزية والعربية');
    expect(await notes('zh')).toContain('中文');
    expect(await notes('es')).toContain('Inglés, árabe');
  });

  it('the landing call names the community list, the creation workshop, dislike reasons and question icons in the caller language', async () => {
    const en = (await get<LandingInfo>('/api/v1/landing')).body.data;
    expect(en.communityList).toEqual([
      { id: 'community', name: 'Community chat', url: 'https://chat.example.org/parley' },
    ]);
    expect(en.aiCreationWorkshop.map((w) => w.id)).toEqual([
      'presentation',
      'flowchart',
      'writing',
      'chatwithdoc',
    ]);
    expect(en.aiCreationWorkshop[0]).toMatchObject({ href: '/creation/all/Presentation', templateId: 20000 });
    expect(en.feedbackDislikeConfig).toContain('Did not follow instructions');
    expect(en.recommendedQuestions.length).toBeGreaterThanOrEqual(3);
    expect(new Set(en.recommendedQuestions.map((q) => q.icon))).toEqual(new Set([1, 2, 3]));

    const es = (await get<LandingInfo>('/api/v1/landing', { language: 'es' })).body.data;
    expect(es.feedbackDislikeConfig).toContain('No siguió las instrucciones');
    expect(es.communityList[0].name).toBe('Chat de la comunidad');
    expect(es.aiCreationWorkshop[0].name).toBe('Presentaciones');
    const ar = (await get<LandingInfo>('/api/v1/landing', { language: 'ar' })).body.data;
    expect(ar.recommendedQuestions[0].question).not.toBe(en.recommendedQuestions[0].question);
  });

  it('template tabs: Recommended, All and ppt for everyone; Mine and MyProject are the caller own', async () => {
    const recommended = (await get<Template[]>('/api/v1/template/list?tab=Recommended', { language: 'zh' }))
      .body.data;
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended[0].translations.en?.name).toBeTruthy();
    expect(recommended.find((t) => t.id === 'tpl-summary')).toMatchObject({
      name: '摘要',
      promptTemplateId: 120000,
    });
    const all = (await get<Template[]>('/api/v1/template/list?tab=All')).body.data;
    expect(all.length).toBeGreaterThan(recommended.length);
    const ppt = (await get<Template[]>('/api/v1/template/list?tab=ppt')).body.data;
    expect(ppt.every((t) => t.mediaType === 'ppt' && t.promptTemplateId === 20000)).toBe(true);
    expect((await get('/api/v1/template/list?tab=Nope')).status).toBe(400);
    expect((await get('/api/v1/template/list?tab=Mine')).status).toBe(401);

    const alice = await newGuest(server.url);
    const bob = await newGuest(server.url);
    await call(server.url, 'POST', '/api/v1/prompt/add', {
      token: alice,
      body: { name: 'My outline', content: 'Outline this topic: ' },
    });
    await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: alice,
      body: { docId: 'w-0123456789abcdef', docTitle: 'Quarterly letter', content: { type: 'doc' } },
    });
    const mine = (await get<Template[]>('/api/v1/template/list?tab=Mine', { token: alice })).body.data;
    expect(mine.map((t) => [t.name, t.prompt, t.mediaType])).toEqual([
      ['My outline', 'Outline this topic: ', 'prompt'],
    ]);
    const projects = (await get<Template[]>('/api/v1/template/list?tab=MyProject', { token: alice })).body
      .data;
    expect(projects.map((t) => t.name)).toEqual(['Quarterly letter']);
    expect(projects[0].href).toContain('w-0123456789abcdef');
    expect((await get<Template[]>('/api/v1/template/list?tab=Mine', { token: bob })).body.data).toEqual([]);
    expect((await get<Template[]>('/api/v1/template/list?tab=MyProject', { token: bob })).body.data).toEqual(
      [],
    );
  });

  it('getI18n serves the app translation resource for the language header; locales mark the recommended ones', async () => {
    const es = await get<{ language: string; resource: { prompts: { title: string } } }>(
      '/api/v1/front/getI18n',
      { language: 'es' },
    );
    expect(es.body.data.language).toBe('es');
    expect(es.body.data.resource.prompts.title).toBe('Prompts guardados');
    const unknown = await get<{ language: string }>('/api/v1/front/getI18n', { language: 'xx' });
    expect(unknown.body.data.language).toBe('en');

    const locales = (await get<LocaleList>('/api/v1/landing/locales')).body.data;
    const marker = locales.locales.indexOf('--');
    expect(marker).toBeGreaterThan(0);
    expect(
      locales.locales
        .slice(marker + 1)
        .map((l) => (l === '--' ? l : l.langcode))
        .sort(),
    ).toEqual(['ar', 'en', 'es', 'zh']);
  });
});
