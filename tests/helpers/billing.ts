// Billing test helpers: members logged in through the real email-code flow (the code read from the dev
// mailbox), webhooks signed like the test provider signs them, and checkout through its hosted pages.

import type { BillingDetail, Envelope, UserInfo } from '../../common/contract';
import { signTestpay, type TestpayEvent } from '../../server/providers/payments/testpay';
import { humanHeaders } from './captcha';
import { call, type TestServer } from './server';

/** `guest`: the guest token the browser still holds, whose things move to the account. */
export async function loginMember(server: TestServer, email: string, guest?: string): Promise<string> {
  const sent = await call(server.url, 'POST', '/api/v1/auth/toLoginByEmailValidationCode', {
    body: { email },
    headers: await humanHeaders(server.url),
  });
  if (sent.body.code !== 200) throw new Error(`code not sent: ${sent.body.msg}`);
  const mail = server.services.mailer.recent().find((m) => m.to === email);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error('no code in the dev mailbox');
  const { body } = await call<string>(server.url, 'POST', '/api/v1/auth/loginByEmailValidationCode', {
    body: { email, code },
    token: guest,
  });
  if (!body.data) throw new Error('login failed');
  return body.data;
}

export const me = async (server: TestServer, token: string) =>
  (await call<UserInfo>(server.url, 'GET', '/api/v1/user/currentUser', { token })).body.data;

export const billingDetail = async (server: TestServer, token: string) =>
  (await call<BillingDetail | null>(server.url, 'GET', '/api/v1/billing/detail', { token })).body;

export async function postWebhook(
  server: TestServer,
  event: TestpayEvent,
  options: { secret?: string; timestamp?: number } = {},
): Promise<{ status: number; body: Envelope<unknown> }> {
  const body = JSON.stringify(event);
  const secret = options.secret ?? server.services.billing.testpay.secret;
  const response = await fetch(`${server.url}/api/v1/billing/webhook/testpay`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'testpay-signature': signTestpay(secret, body, options.timestamp),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Envelope<unknown> };
}

/** Starts a checkout and pays on the test provider's page with `card`; answers where the browser ends up. */
export async function payWithCard(
  server: TestServer,
  token: string,
  options: { productId: string; card: string; path?: string; query?: Record<string, string> },
) {
  const params = new URLSearchParams({
    productId: options.productId,
    successUrl: '/?stripeStatus=success',
    cancelUrl: '/?stripeStatus=cancel',
    ...options.query,
  });
  const started = await call<string>(
    server.url,
    'GET',
    `${options.path ?? '/api/v1/stripe/check'}?${params}`,
    { token },
  );
  if (started.body.code !== 200) return { started: started.body, status: 0, location: null, page: '' };
  const response = await fetch(started.body.data, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: options.card }),
    redirect: 'manual',
  });
  return {
    started: started.body,
    checkoutUrl: started.body.data,
    status: response.status,
    location: response.headers.get('location'),
    page: await response.text(),
  };
}

/** Answers the 3-D Secure challenge page of a checkout or an upgrade. */
export async function answerChallenge(server: TestServer, challengePath: string, action: 'approve' | 'fail') {
  const url = challengePath.startsWith('http') ? challengePath : `${server.url}${challengePath}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), page: await response.text() };
}

export const QUESTIONNAIRE = {
  id: 'billingCancelQuestionaire',
  q1: 'a',
  q2: 'b',
  q3: 'c',
  q4: 'a',
  q5: 'b',
  q6: 'c',
  q7: 'Too expensive for me right now',
};
