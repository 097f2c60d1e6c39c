import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector, ReleaseNote, TipsResponse, Usage, UserProperties } from '../../common/contract';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

describe.each(DATABASES)('user settings on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { announcement: 'Maintenance on Sunday' });
    alice = await newGuest(server.url);
    bob = await newGuest(server.url);
  });
  afterAll(() => server.close());

  const tips = (token: string, body: unknown) =>
    call<TipsResponse>(server.url, 'POST', '/api/v1/user/tips', { token, body });
  const connectorsOf = async (token: string) =>
    (await call<{ connectors: Connector[] }>(server.url, 'GET', '/api/v1/user/checkConnector', { token }))
      .body.data.connectors;

  it('tips show by default, closing one hides it for that user only', async () => {
    const first = await tips(alice, {});
    expect(first.body.data.userTips.map((t) => [t.tag, t.value])).toEqual([
      ['pro', 1],
      ['firstSaveWriting', 1],
      ['firstShowUserPromptTip', 1],
      ['writingFeature', 1],
      ['workspaceFeature', 1],
    ]);
    await tips(alice, { userTips: [{ tag: 'firstSaveWriting', value: 0, defaultValue: 1 }] });
    expect((await tips(alice, {})).body.data.userTips.find((t) => t.tag === 'firstSaveWriting')?.value).toBe(
      0,
    );
    expect((await tips(bob, {})).body.data.userTips.find((t) => t.tag === 'firstSaveWriting')?.value).toBe(1);
    expect((await tips(alice, { userTips: [{ tag: 'nope', value: 0 }] })).body.code).toBe(400);
  });

  it('experiments give each user a stable variant; an unknown experiment is off', async () => {
    const keys = ['teams', 'upgrade', 'guest', 'no-such-experiment'];
    const a1 = (await tips(alice, { abKeyList: keys })).body.data.abResList;
    const a2 = (await tips(alice, { abKeyList: keys })).body.data.abResList;
    expect(a1).toEqual(a2);
    expect(a1.slice(0, 3).every((r) => r.value === 'A' || r.value === 'B')).toBe(true);
    expect(a1[3]).toEqual({ key: 'no-such-experiment', value: '' });
  });

  it('non-drive connectors join the waiting list, per user; Drive needs its OAuth flow', async () => {
    expect((await connectorsOf(alice)).every((c) => c.status === 0)).toBe(true);
    const updated = await call<{ connectors: Connector[] }>(
      server.url,
      'POST',
      '/api/v1/user/updateConnector',
      {
        token: alice,
        body: { type: 'NOTION', status: 1 },
      },
    );
    expect(updated.body.data.connectors.find((c) => c.type === 'NOTION')?.status).toBe(2);
    expect((await connectorsOf(bob)).find((c) => c.type === 'NOTION')?.status).toBe(0);
    const drive = await call(server.url, 'POST', '/api/v1/user/updateConnector', {
      token: alice,
      body: { type: 'GOOGLE_DRIVE', status: 1 },
    });
    expect(drive.body.code).toBe(400);
  });

  it('usage counts this user’s messages of the day on the free plan', async () => {
    await streamSend(server.url, alice, { requestId: 'usage-msg-1', message: 'one' });
    await streamSend(server.url, alice, { requestId: 'usage-msg-2', message: 'two' });
    const usage = (await call<Usage>(server.url, 'GET', '/api/v1/user/usage/message', { token: alice })).body
      .data;
    expect(usage).toMatchObject({
      period: 'day',
      gpt3: { used: 2, total: 30 },
      gpt4: { used: 0, total: 0 },
      docUploadLimitHint: 2,
    });
    expect(
      (await call<Usage>(server.url, 'GET', '/api/v1/user/usage/message', { token: bob })).body.data.gpt3
        .used,
    ).toBe(0);
  });

  it('user properties, release notes and the announcement', async () => {
    const props = await call<UserProperties>(server.url, 'GET', '/api/v1/user/userProperties', {
      token: alice,
      headers: { 'Device-Info': JSON.stringify({ webId: 'web-123' }) },
    });
    expect(props.body.data).toMatchObject({
      is_login: false,
      user_session_source: 'guest',
      product_type: 'FREE',
      subscribe_start_time: null,
      membership_id: 0,
      visitorId: 'web-123',
    });
    const notes = await call<ReleaseNote[]>(server.url, 'GET', '/api/v1/release/notes');
    expect(notes.body.data[0].version).toBe('1.24.92');
    expect((await call(server.url, 'GET', '/api/v1/release/announcement')).body.data).toBe(
      'Maintenance on Sunday',
    );
  });
});
