import { describe, expect, it } from 'vitest';
import type { AnalyticsDaily, AnalyticsEvent, AnalyticsStored } from '../../common/contract';
import { humanHeaders } from '../helpers/captcha';
import { call, DATABASES, newGuest } from '../helpers/server';
import { serverWithMailSink } from '../helpers/server-with-mail';

const event = (n: number, overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  eventId: `evt-${n.toString().padStart(8, '0')}`,
  name: 'page_view',
  props: { path: `/page/${n}` },
  occurredAt: new Date().toISOString(),
  sessionId: 'session-1',
  webId: 'web-1',
  ...overrides,
});

describe.each(DATABASES)('analytics events on %s', (kind) => {
  const env = serverWithMailSink(kind, { adminEmails: ['ops@example.com'] });
  const url = () => env.server.url;
  const send = (events: unknown[], language = 'en') =>
    call<AnalyticsStored>(url(), 'POST', '/api/v1/analytics/events', {
      body: { events },
      headers: { language },
    });

  async function member(email: string): Promise<string> {
    await call(url(), 'POST', '/api/v1/auth/toLoginByEmailValidationCode', {
      body: { email },
      headers: await humanHeaders(url()),
    });
    const code = await env.smtp.codeFor(email.toLowerCase());
    return (
      await call<string>(url(), 'POST', '/api/v1/auth/loginByEmailValidationCode', { body: { email, code } })
    ).body.data;
  }

  it('each event id is stored once however often its batch is resent; operators read the daily counts', async () => {
    const batch = Array.from({ length: 20 }, (_, i) => event(i));
    expect((await send(batch)).body.data.stored).toBe(20);
    expect((await send(batch.slice(0, 10))).body.data.stored).toBe(0);
    expect(
      (await send([...batch.slice(15), event(20, { name: 'share_create', sessionId: 'session-2' })])).body
        .data,
    ).toEqual({ stored: 1 });

    const ops = await member('OPS@example.com');
    const daily = await call<AnalyticsDaily>(url(), 'GET', '/api/v1/analytics/daily?days=7', { token: ops });
    const today = new Date().toISOString().slice(0, 10);
    expect(daily.body.data.rows).toEqual([
      { day: today, name: 'page_view', count: 20, sessions: 1 },
      { day: today, name: 'share_create', count: 1, sessions: 1 },
    ]);
  });

  it('only operators read the counts', async () => {
    const guest = await newGuest(url());
    const someone = await member('someone@example.com');
    for (const token of [guest, someone]) {
      const response = await call(url(), 'GET', '/api/v1/analytics/daily', {
        token,
        headers: { language: 'es' },
      });
      expect(response.status).toBe(403);
      expect(response.body.msg).toBe('Esta página es para los operadores de este servidor.');
    }
    expect((await call(url(), 'GET', '/api/v1/analytics/daily')).status).toBe(401);
  });

  it('more than 50 events at once, or a malformed one, is refused with a clear message', async () => {
    const tooMany = await send(Array.from({ length: 51 }, (_, i) => event(100 + i)));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('At most 50 analytics events can be sent at once.');
    const bad = await send([event(200, { name: 'has spaces <script>' })]);
    expect(bad.body.msg).toBe('An analytics event is not valid.');
    expect((await send([event(201, { props: { big: 'x'.repeat(501) } })])).status).toBe(400);
  });
});
