// Local HTTP servers speaking the shape of Stripe's and FastSpring's APIs (the parts Parley calls), so the
// real SDK / HTTP code runs against them. They record every request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  body: string;
}

async function serve(handler: (req: Recorded) => { status?: number; json: unknown }) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const recorded = { method: req.method ?? 'GET', path: req.url ?? '/', body };
      requests.push(recorded);
      const answer = handler(recorded);
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function stripeSubscription(id: string, fields: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'subscription',
    customer: 'cus_test_1',
    status: 'active',
    cancel_at_period_end: false,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_test_1',
          object: 'subscription_item',
          // What Stripe bills for it: the catalogue's Pro month (USD 9.99), as an operator sets it up.
          price: { id: 'price_pro_month', object: 'price', unit_amount: 999, currency: 'usd' },
          quantity: 1,
          current_period_start: now,
          current_period_end: now + 30 * 86400,
        },
      ],
    },
    ...fields,
  };
}

export async function startFakeStripe(options: { intentStatus?: string } = {}) {
  return serve(({ method, path }) => {
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return {
        json: {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_1',
        },
      };
    if (method === 'POST' && path === '/v1/billing_portal/sessions')
      return {
        json: {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/session_1',
        },
      };
    const sub = path.match(/^\/v1\/subscriptions\/([\w-]+)/);
    if (sub)
      return {
        json: {
          ...stripeSubscription(sub[1]),
          latest_invoice: {
            id: 'in_1',
            hosted_invoice_url: 'https://invoice.stripe.test/i/in_1',
            payment_intent: {
              id: 'pi_test_1',
              status: options.intentStatus ?? 'succeeded',
              next_action: null,
            },
          },
        },
      };
    const intent = path.match(/^\/v1\/payment_intents\/([\w-]+)/);
    if (intent)
      return {
        json: { id: intent[1], object: 'payment_intent', status: 'processing', customer: 'cus_test_1' },
      };
    return { status: 404, json: { error: { type: 'invalid_request_error', message: `no route ${path}` } } };
  });
}

export async function startFakeFastSpring() {
  return serve(({ method, path }) => {
    if (method === 'POST' && path === '/sessions') return { json: { id: 'fs_session_1', currency: 'USD' } };
    if (method === 'DELETE' && path.startsWith('/subscriptions/'))
      return {
        json: {
          subscriptions: [
            {
              subscription: path.split('/')[2]?.split('?')[0],
              action: 'subscription.cancel',
              result: 'success',
            },
          ],
        },
      };
    if (path.startsWith('/accounts/'))
      return { json: { accounts: [{ url: 'https://parley.test.onfastspring.com/account/x' }] } };
    return { status: 404, json: { error: 'no route' } };
  });
}
