// The built-in test provider's hosted pages: checkout with test cards and the 3-D Secure challenge. They
// stand where a real provider's pages would (reached by an unguessable session id, like a hosted checkout).
import { type Context, Hono } from 'hono';
import { html, raw } from 'hono/html';
import { BillingPaths, TEST_CARDS } from '../../src/api/contract.js';
import type { AppEnv } from '../http/context.js';
import { cardOutcome } from '../providers/payments/testpay.js';

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:440px;margin:48px auto;padding:0 16px;color:#1f2328}
h1{font-size:20px}.box{border:1px solid #d0d7de;border-radius:8px;padding:16px;margin:16px 0}
input{width:100%;box-sizing:border-box;padding:8px;font-size:16px;margin:6px 0 12px}
button{padding:10px 16px;font-size:15px;border-radius:6px;border:0;background:#0969da;color:#fff;cursor:pointer;margin-right:8px}
button.secondary{background:#eaeef2;color:#1f2328}.error{color:#cf222e}.muted{color:#57606a;font-size:13px}
code{background:#f6f8fa;padding:1px 4px}</style></head><body>
<p class="muted">Parley test payments: no real money moves.</p>${body}</body></html>`;

function withParams(url: string, params: Record<string, string>) {
  const target = new URL(url, 'http://relative.invalid');
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return url.startsWith('/') ? `${target.pathname}${target.search}` : target.toString();
}

const provider = (c: Context<AppEnv>) => {
  const found = c.get('services').billing.providerByName('testpay');
  if (!found || !('session' in found)) throw new Error('test provider not enabled');
  return found as import('../providers/payments/testpay.js').TestpayProvider;
};

function price(cents: number, currency: string) {
  return `${currency === 'USD' ? '$' : `${currency} `}${(cents / 100).toFixed(2)}`;
}

async function checkoutPage(c: Context<AppEnv>, error: string | null) {
  const session = await provider(c).session(c.req.param('id') ?? '');
  if (session?.kind !== 'checkout')
    return c.html(page('Not found', html`<h1>This checkout does not exist.</h1>`), 404);
  if (session.status === 'succeeded')
    return c.html(
      page('Paid', html`<h1>Already paid</h1><a href="${session.successUrl}">Back to Parley</a>`),
    );
  const product = await c.get('services').billing.catalogue.productById(session.productId);
  const trial = session.trialDays > 0;
  return c.html(
    page(
      'Checkout',
      html`<h1>Checkout</h1>
<div class="box"><div id="product">${product?.productType} ${product?.period === 'year' ? 'yearly' : 'monthly'}</div>
<div id="amount"><strong>${product ? price(product.price, product.currency) : ''}</strong> / ${product?.period}</div>
${trial ? html`<div id="trial">Free for ${session.trialDays} days, then billed yearly. Cancel any time.</div>` : ''}</div>
${error ? html`<p class="error" role="alert" id="error">${error}</p>` : ''}
<form method="post"><label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required>
<button type="submit" id="pay">${trial ? 'Start trial' : 'Pay'}</button>
<a href="${withParams(session.cancelUrl, {})}" id="cancel"><button type="button" class="secondary">Cancel</button></a></form>
<p class="muted">Test cards: <code>${TEST_CARDS.succeeds}</code> succeeds, <code>${TEST_CARDS.declined}</code> is declined,
<code>${TEST_CARDS.threeDSecure}</code> asks for 3-D Secure. Any expiry and CVC.</p>`,
    ),
    error ? 402 : 200,
  );
}

async function challengePage(c: Context<AppEnv>) {
  const session = await provider(c).session(c.req.param('id') ?? '');
  if (session?.status !== 'requires_action')
    return c.html(page('Not found', html`<h1>There is nothing to confirm here.</h1>`), 404);
  return c.html(
    page(
      '3-D Secure',
      html`<h1>Confirm this payment</h1><div class="box">Your bank asks you to confirm this payment (3-D Secure test).</div>
<form method="post"><button name="action" value="approve" id="approve">Approve</button>
<button name="action" value="fail" class="secondary" id="fail">Fail</button></form>`,
    ),
  );
}

export const testpayRoutes = new Hono<AppEnv>()
  .get(`${BillingPaths.testpay}/checkout/:id`, (c) => checkoutPage(c, null))
  .post(`${BillingPaths.testpay}/checkout/:id`, async (c) => {
    const tp = provider(c);
    const session = await tp.session(c.req.param('id'));
    if (session?.kind !== 'checkout' || session.status === 'succeeded') return checkoutPage(c, null);
    const form = await c.req.parseBody();
    const card = String(form.card ?? '');
    const outcome = cardOutcome(card);
    if (outcome === 'unknown')
      return checkoutPage(c, 'This is not a test card. Use one of the cards listed below.');
    if (outcome === 'declined') {
      await tp.fail(session.id, 'requires_payment_method');
      return checkoutPage(c, 'Your card was declined. Try another card.');
    }
    if (outcome === 'threeDSecure') {
      await tp.fail(session.id, 'requires_action');
      return c.redirect(`${BillingPaths.testpay}/challenge/${session.id}`, 303);
    }
    await tp.complete(session, card.replace(/\D/g, ''));
    return c.redirect(session.successUrl, 303);
  })
  .get(`${BillingPaths.testpay}/challenge/:id`, (c) => challengePage(c))
  .post(`${BillingPaths.testpay}/challenge/:id`, async (c) => {
    const tp = provider(c);
    const session = await tp.session(c.req.param('id'));
    if (session?.status !== 'requires_action') return challengePage(c);
    const form = await c.req.parseBody();
    const approved = form.action === 'approve';
    if (session.kind === 'checkout') {
      if (!approved) {
        await tp.fail(session.id, 'requires_payment_method');
        return checkoutPage(c, '3-D Secure authentication failed. The payment was not taken.');
      }
      await tp.complete(session, TEST_CARDS.threeDSecure);
      return c.redirect(session.successUrl, 303);
    }
    // An upgrade's confirmation returns to the app, which asks checkConfirm for the outcome.
    if (approved) await tp.complete(session, TEST_CARDS.threeDSecure);
    else await tp.fail(session.id, 'canceled');
    return c.redirect(withParams(session.successUrl, { from: 'paymentConfirm', confirmId: session.id }), 303);
  })
  .get(`${BillingPaths.testpay}/portal/:customer`, (c) =>
    c.html(
      page(
        'Billing portal',
        html`<h1>Billing portal (test)</h1><div class="box">Customer <code>${c.req.param('customer')}</code>. Invoices and cards of the test provider are not kept.</div>${raw('<a href="/">Back to Parley</a>')}`,
      ),
    ),
  );
