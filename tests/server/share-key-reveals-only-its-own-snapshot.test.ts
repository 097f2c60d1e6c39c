import { describe, expect, it } from 'vitest';
import type {
  ChannelDetail,
  ShareConversation,
  ShareCreated,
  ShareDetail,
  SharePreview,
  ShareSummary,
} from '../../common/contract';
import { humanHeaders } from '../helpers/captcha';
import { call, DATABASES, newGuest, streamSend } from '../helpers/server';
import { serverWithMailSink } from '../helpers/server-with-mail';

describe.each(DATABASES)('shared chats on %s', (kind) => {
  const env = serverWithMailSink(kind);
  const url = () => env.server.url;

  async function member(email: string): Promise<string> {
    await call(url(), 'POST', '/api/v1/auth/toLoginByEmailValidationCode', {
      body: { email },
      headers: await humanHeaders(url()),
    });
    const code = await env.smtp.codeFor(email);
    const { body } = await call<string>(url(), 'POST', '/api/v1/auth/loginByEmailValidationCode', {
      body: { email, code },
    });
    return body.data;
  }
  async function chat(token: string, message: string, channelId?: string) {
    const result = await streamSend(url(), token, {
      requestId: `r-${Math.random().toString(36).slice(2)}`,
      message,
      ...(channelId ? { channelId } : {}),
    });
    return result.meta!.channelId;
  }
  const share = (token: string, channelId: string) =>
    call<ShareCreated>(url(), 'POST', '/api/v1/channel/share/create', { token, body: { channelId } });
  const read = <T>(path: string, shareKey: string) =>
    call<T>(url(), 'GET', `${path}?shareKey=${encodeURIComponent(shareKey)}`);

  it('a share key opens its own snapshot without a login, and nothing of the other chat', async () => {
    const alice = await newGuest(url());
    const first = await chat(alice, 'See [the docs](https://example.org/docs) about apples');
    const second = await chat(alice, 'A private question about pears');
    const created = (await share(alice, first)).body.data;
    expect(created.shareKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(created.shareKey, 'base64url')).toHaveLength(24);
    expect(created.sharePath).toBe(`/share/${created.shareKey}`);

    const conversation = (await read<ShareConversation>('/api/v1/share/conversation', created.shareKey)).body
      .data;
    const text = JSON.stringify(conversation);
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(conversation.messages[0].content).toContain('apples');
    expect(text).not.toContain('pears');
    expect(text).not.toContain(second);
    expect(text).not.toContain(first);
    const detail = (await read<ShareDetail>('/api/v1/channel/share/detail', created.shareKey)).body.data;
    expect(Object.keys(detail).sort()).toEqual(['createdAt', 'messageCount', 'model', 'title']);
    expect(detail.messageCount).toBe(2);
    const preview = (await read<SharePreview>('/api/v1/channel/share/preview', created.shareKey)).body.data;
    expect(preview.excerpt).toContain('apples');

    // The snapshot is what was shared: later messages of the chat do not appear.
    await chat(alice, 'A later question about plums', first);
    const after = (await read<ShareConversation>('/api/v1/share/conversation', created.shareKey)).body.data;
    expect(after.messages).toHaveLength(2);
    expect(JSON.stringify(after)).not.toContain('plums');
  });

  it('an unknown, malformed or revoked key answers the same not found; nobody else lists or revokes', async () => {
    const alice = await newGuest(url());
    const bob = await newGuest(url());
    const channelId = await chat(alice, 'Something worth sharing');
    const created = (await share(alice, channelId)).body.data;

    const unknown = await read('/api/v1/share/conversation', 'A'.repeat(32));
    const malformed = await read('/api/v1/channel/share/detail', 'short');
    for (const response of [unknown, malformed]) {
      expect(response.status).toBe(404);
      expect(response.body.msg).toBe('This shared chat does not exist or is no longer shared.');
    }
    // Bob holds the key, but the key gives him the snapshot only: not the chat, its shares or a revoke.
    expect((await share(bob, channelId)).status).toBe(404);
    expect(
      (await call(url(), 'POST', '/api/v1/chat/getChannel', { token: bob, body: { channelId: channelId } }))
        .body.code,
    ).not.toBe(200);
    expect(
      (await call(url(), 'GET', `/api/v1/channel/share/mine?channelId=${channelId}`, { token: bob })).status,
    ).toBe(404);
    const bobRevoke = await call(url(), 'POST', '/api/v1/channel/share/revoke', {
      token: bob,
      body: { shareId: created.shareId },
    });
    expect(bobRevoke.status).toBe(404);
    expect((await read('/api/v1/share/conversation', created.shareKey)).status).toBe(200);

    const mine = await call<ShareSummary[]>(
      url(),
      'GET',
      `/api/v1/channel/share/mine?channelId=${channelId}`,
      {
        token: alice,
      },
    );
    expect(mine.body.data.map((s) => s.shareId)).toEqual([created.shareId]);
    expect(JSON.stringify(mine.body.data)).not.toContain(created.shareKey);
    const revoke = await call(url(), 'POST', '/api/v1/channel/share/revoke', {
      token: alice,
      body: { shareId: created.shareId },
    });
    expect(revoke.body.code).toBe(200);
    for (const path of [
      '/api/v1/share/conversation',
      '/api/v1/channel/share/detail',
      '/api/v1/channel/share/preview',
    ])
      expect((await read(path, created.shareKey)).status).toBe(404);
  });

  it('an unknown chat cannot be shared; a logged-in user (not a guest) continues a share in a chat of their own', async () => {
    const alice = await newGuest(url());
    expect((await share(alice, 'no-such-channel')).status).toBe(404);
    const channelId = await chat(alice, 'Tell me about kiwis');
    const created = (await share(alice, channelId)).body.data;

    const guest = await newGuest(url());
    const asGuest = await call(url(), 'POST', '/api/v1/channel/share/createChannelByShareKey', {
      token: guest,
      body: { shareKey: created.shareKey },
    });
    expect(asGuest.status).toBe(401);
    expect(asGuest.body.msg).toBe('Log in to continue this conversation in a chat of your own.');

    const carol = await member('carol@example.com');
    const copy = await call<{ channelId: string }>(
      url(),
      'POST',
      '/api/v1/channel/share/createChannelByShareKey',
      {
        token: carol,
        body: { shareKey: created.shareKey },
      },
    );
    expect(copy.body.code).toBe(200);
    expect(copy.body.data.channelId).not.toBe(channelId);
    await chat(carol, 'And what about limes?', copy.body.data.channelId);
    const mineNow = await call<ChannelDetail>(url(), 'POST', '/api/v1/chat/getChannel', {
      token: carol,
      body: { channelId: copy.body.data.channelId },
    });
    expect(mineNow.body.data.messages.map((m) => m.content).filter((_, i) => i % 2 === 0)).toEqual([
      'Tell me about kiwis',
      'And what about limes?',
    ]);
    // Alice's chat is untouched.
    const hers = await call<ChannelDetail>(url(), 'POST', '/api/v1/chat/getChannel', {
      token: alice,
      body: { channelId: channelId },
    });
    expect(hers.body.data.messages).toHaveLength(2);
  });
});
