// A local HTTP server speaking the parts of PayPal's REST API Parley calls: OAuth2 client credentials,
// the Subscriptions API (create, show, cancel, revise) and verify-webhook-signature. Webhooks it "sends" are
// signed over the transmission headers with a key only it holds, so a forged one verifies as FAILURE.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PayPalRequest {
  method: string;
  path: string;
  authorization: string;
  body: string;
}

type Sub = Record<string, unknown> & { id: string; plan_id: string; custom_id: string; status: string };

export async function startFakePayPal(options: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}) {
  const requests: PayPalRequest[] = [];
  const subscriptions = new Map<string, Sub>();
  const signingKey = crypto.randomBytes(32);
  const tokens = new Set<string>();
  let counter = 0;
  let url = '';

  const signature = (id: string, time: string, webhookId: string, event: unknown) =>
    crypto
      .createHmac('sha256', signingKey)
      .update(`${id}|${time}|${webhookId}|${JSON.stringify(event)}`)
      .digest('base64');

  function approve(token: string) {
    return { href: `${url}/checkoutnow?ba_token=${token}`, rel: 'approve', method: 'GET' };
  }

  function handle(req: PayPalRequest): { status: number; json?: unknown } {
    const { method, path } = req;
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (req.authorization !== expected || req.body !== 'grant_type=client_credentials')
        return {
          status: 401,
          json: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      const token = `A21AA${crypto.randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return { status: 200, json: { access_token: token, token_type: 'Bearer', expires_in: 32400 } };
    }
    if (!tokens.has(req.authorization.replace(/^Bearer /, '')))
      return { status: 401, json: { error: 'invalid_token' } };
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      const id = `I-FAKE${String(++counter).padStart(8, '0')}`;
      const sub: Sub = {
        id,
        plan_id: String(body.plan_id),
        custom_id: String(body.custom_id),
        status: 'APPROVAL_PENDING',
        start_time: body.start_time ?? new Date().toISOString(),
      };
      subscriptions.set(id, sub);
      return { status: 201, json: { ...sub, links: [approve(`BA-${id}`)] } };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const expected = signature(
        String(body.transmission_id),
        String(body.transmission_time),
        String(body.webhook_id),
        body.webhook_event,
      );
      const ok = body.webhook_id === options.webhookId && body.transmission_sig === expected;
      return { status: 200, json: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    const match = path.match(/^\/v1\/billing\/subscriptions\/([\w-]+)(\/(cancel|revise))?$/);
    const sub = match ? subscriptions.get(match[1]) : undefined;
    if (!sub) return { status: 404, json: { name: 'RESOURCE_NOT_FOUND' } };
    if (method === 'GET' && !match?.[2]) return { status: 200, json: sub };
    if (method === 'POST' && match?.[3] === 'cancel') {
      if (sub.status !== 'ACTIVE') return { status: 422, json: { name: 'UNPROCESSABLE_ENTITY' } };
      sub.status = 'CANCELLED';
      return { status: 204 };
    }
    if (method === 'POST' && match?.[3] === 'revise')
      return {
        status: 200,
        json: { plan_id: body.plan_id, plan_overridden: false, links: [approve(`BA-R-${sub.id}`)] },
      };
    return { status: 404, json: { name: 'NOT_FOUND' } };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: req.headers.authorization ?? '',
        body,
      };
      requests.push(recorded);
      const answer = handle(recorded);
      res.writeHead(answer.status, answer.json === undefined ? {} : { 'Content-Type': 'application/json' });
      res.end(answer.json === undefined ? undefined : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    subscriptions,
    /** What PayPal does when the buyer approves: the subscription becomes ACTIVE and is billed. */
    activate(id: string, fields: Record<string, unknown> = {}) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      Object.assign(
        sub,
        { status: 'ACTIVE', subscriber: { payer_id: 'PAYERFAKE1', email_address: 'buyer@example.com' } },
        fields,
      );
      return sub;
    },
    /** A webhook delivery as PayPal makes it: the event and its transmission headers. */
    webhook(
      eventType: string,
      resource: unknown,
      options2: { id?: string; createTime?: string; webhookId?: string } = {},
    ) {
      const event = {
        id: options2.id ?? `WH-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: options2.createTime ?? new Date().toISOString(),
        resource_type: eventType.startsWith('PAYMENT.SALE') ? 'sale' : 'subscription',
        event_type: eventType,
        summary: eventType,
        resource,
      };
      const transmissionId = crypto.randomUUID();
      const transmissionTime = new Date().toISOString();
      return {
        body: JSON.stringify(event),
        headers: {
          'Content-Type': 'application/json',
          'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
          'PAYPAL-CERT-URL': `${url}/v1/notifications/certs/CERT-FAKE`,
          'PAYPAL-TRANSMISSION-ID': transmissionId,
          'PAYPAL-TRANSMISSION-TIME': transmissionTime,
          'PAYPAL-TRANSMISSION-SIG': signature(
            transmissionId,
            transmissionTime,
            options2.webhookId ?? options.webhookId,
            event,
          ),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
