// The built-in test provider's hosted pages: checkout with test cards and the 3-D Secure challenge. They
// stand where a real provider's pages would (reached by an unguessable session id, like a hosted checkout)
// and speak the language Parley named in the link (?lang=).
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { BillingPaths, TEST_CARDS } from '../../common/contract/index.js';
import type { AppEnv } from '../http/context.js';
import {
  CHECKOUT_REPLACED,
  cardOutcome,
  TEST_WALLET_CUSTOMER_PREFIX,
  type TestpayProvider,
} from '../providers/payments/testpay.js';
import {
  backTo,
  checkoutExpired,
  langQuery,
  page,
  price,
  strings,
  testProvider,
  withParams,
} from './testpay-page.js';
import { fill, type PageStrings } from './testpay-strings.js';

type ErrorKey = 'notTestCard' | 'declined' | 'secureFailed';

const provider = (c: Context<AppEnv>): TestpayProvider => {
  const found = testProvider(c, 'testpay');
  if (!found) throw new Error('test provider not enabled');
  return found;
};

const cardList = (s: PageStrings) =>
  fill(s.cards, {
    ok: TEST_CARDS.succeeds,
    declined: TEST_CARDS.declined,
    secure: TEST_CARDS.threeDSecure,
    renewal: TEST_CARDS.failsRenewal,
  });

/** Only the signed, unexpired link Parley handed its logged-in owner (Manage billing) opens the portal. */
function portalRefused(c: Context<AppEnv>) {
  const customer = c.req.param('customer') ?? '';
  // Each face signs its own customers' links (the wallet's may be on while the card face is not).
  const face = testProvider(c, customer.startsWith(TEST_WALLET_CUSTOMER_PREFIX) ? 'testwallet' : 'testpay');
  if (face?.portalLinkValid(customer, c.req.query('expires'), c.req.query('sig'))) return null;
  const s = strings(c);
  return c.html(
    page(
      c,
      s.portal,
      html`<h1>${s.portal}</h1><p class="error" role="alert" id="expired">${s.linkExpired}</p><a href="/">${s.back}</a>`,
    ),
    403,
  );
}

/** The portal: the customer's card can be replaced (which also pays a past-due renewal at once). */
function portalPage(c: Context<AppEnv>, notice: 'cardUpdated' | ErrorKey | null) {
  const refused = portalRefused(c);
  if (refused) return refused;
  const s = strings(c);
  const ok = notice === 'cardUpdated';
  const customer = c.req.param('customer') ?? '';
  // A test-wallet customer pays from the wallet: there is no card here to replace.
  if (customer.startsWith(TEST_WALLET_CUSTOMER_PREFIX))
    return c.html(
      page(
        c,
        s.portal,
        html`<h1>${s.portal}</h1><div class="box" id="wallet-portal"><code>${customer}</code> · ${s.walletPortalBody}</div><a href="/">${s.back}</a>`,
      ),
    );
  return c.html(
    page(
      c,
      s.portal,
      html`<h1>${s.portal}</h1><div class="box"><code>${c.req.param('customer')}</code> · ${s.portalBody}</div>
${notice ? html`<p class="${ok ? 'muted' : 'error'}" role="${ok ? 'status' : 'alert'}" id="${ok ? 'updated' : 'error'}">${s[notice]}</p>` : ''}
<form method="post"><label for="card">${s.card}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required>
<button type="submit" id="update-card">${s.updateCard}</button></form>
<p class="muted">${cardList(s)}</p><a href="/">${s.back}</a>`,
    ),
    notice && !ok ? 402 : 200,
  );
}

async function checkoutPage(c: Context<AppEnv>, error: ErrorKey | null) {
  const s = strings(c);
  const session = await provider(c).session(c.req.param('id') ?? '');
  if (session?.kind !== 'checkout') return c.html(page(c, s.notFound, html`<h1>${s.notFound}</h1>`), 404);
  if (checkoutExpired(session))
    return c.html(page(c, s.checkoutExpired, html`<h1 id="expired">${s.checkoutExpired}</h1>`), 410);
  if (session.status === 'succeeded')
    return c.html(
      page(
        c,
        s.alreadyPaid,
        html`<h1>${s.alreadyPaid}</h1><a href="${backTo(c, session.successUrl)}">${s.back}</a>`,
      ),
    );
  if (session.status === CHECKOUT_REPLACED)
    return c.html(
      page(
        c,
        s.replaced,
        html`<h1 id="replaced">${s.replaced}</h1><a href="${backTo(c, session.cancelUrl)}">${s.back}</a>`,
      ),
      410,
    );
  const product = await c.get('services').billing.catalogue.productById(session.productId);
  const trial = session.trialDays > 0;
  const period = product?.period === 'year' ? 'year' : 'month';
  return c.html(
    page(
      c,
      s.checkout,
      html`<h1>${s.checkout}</h1>
<div class="box"><div id="product">${product?.productType} ${period === 'year' ? s.yearly : s.monthly}</div>
<div id="amount"><strong>${product ? price(c, product.price, product.currency) : ''}</strong> / ${s.per[period]}</div>
${trial ? html`<div id="trial">${fill(s.trial, { days: session.trialDays })}</div>` : ''}</div>
${error ? html`<p class="error" role="alert" id="error">${s[error]}</p>` : ''}
<form method="post"><label for="card">${s.card}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required>
<button type="submit" id="pay">${trial ? s.startTrial : s.pay}</button>
<a href="${backTo(c, session.cancelUrl)}" id="cancel"><button type="button" class="secondary">${s.cancel}</button></a></form>
<p class="muted">${cardList(s)}</p>`,
    ),
    error ? 402 : 200,
  );
}

async function challengePage(c: Context<AppEnv>) {
  const s = strings(c);
  const session = await provider(c).session(c.req.param('id') ?? '');
  if (session?.status !== 'requires_action')
    return c.html(page(c, s.nothingToConfirm, html`<h1>${s.nothingToConfirm}</h1>`), 404);
  return c.html(
    page(
      c,
      '3-D Secure',
      html`<h1>${s.confirmTitle}</h1><div class="box">${s.confirmBody}</div>
<form method="post"><button name="action" value="approve" id="approve">${s.approve}</button>
<button name="action" value="fail" class="secondary" id="fail">${s.fail}</button></form>`,
    ),
  );
}

export const testpayRoutes = new Hono<AppEnv>()
  .get(`${BillingPaths.testpay}/checkout/:id`, (c) => checkoutPage(c, null))
  .post(`${BillingPaths.testpay}/checkout/:id`, async (c) => {
    const tp = provider(c);
    const session = await tp.session(c.req.param('id'));
    if (
      session?.kind !== 'checkout' ||
      session.status === 'succeeded' ||
      session.status === CHECKOUT_REPLACED ||
      checkoutExpired(session)
    )
      return checkoutPage(c, null);
    const form = await c.req.parseBody();
    const card = String(form.card ?? '');
    const outcome = cardOutcome(card);
    if (outcome === 'unknown') return checkoutPage(c, 'notTestCard');
    if (outcome === 'declined') {
      await tp.fail(session.id, 'requires_payment_method');
      return checkoutPage(c, 'declined');
    }
    if (outcome === 'threeDSecure') {
      await tp.fail(session.id, 'requires_action');
      return c.redirect(`${BillingPaths.testpay}/challenge/${session.id}${langQuery(c)}`, 303);
    }
    // Paid meanwhile from another page, or replaced: the page says which.
    if (!(await tp.complete(session, card.replace(/\D/g, '')))) return checkoutPage(c, null);
    return c.redirect(backTo(c, session.successUrl), 303);
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
        return checkoutPage(c, 'secureFailed');
      }
      if (!(await tp.complete(session, TEST_CARDS.threeDSecure))) return checkoutPage(c, null);
      return c.redirect(backTo(c, session.successUrl), 303);
    }
    // An upgrade's confirmation returns to the app, which asks checkConfirm for the outcome.
    if (approved) await tp.complete(session, TEST_CARDS.threeDSecure);
    else await tp.fail(session.id, 'canceled');
    return c.redirect(
      withParams(backTo(c, session.successUrl), { from: 'paymentConfirm', confirmId: session.id }),
      303,
    );
  })
  .get(`${BillingPaths.testpay}/portal/:customer`, (c) => portalPage(c, null))
  .post(`${BillingPaths.testpay}/portal/:customer`, async (c) => {
    const refused = portalRefused(c);
    if (refused) return refused;
    const form = await c.req.parseBody();
    const card = String(form.card ?? '');
    const outcome = cardOutcome(card);
    if (outcome === 'unknown') return portalPage(c, 'notTestCard');
    if (outcome === 'declined') return portalPage(c, 'declined');
    await provider(c).updateCard(c.req.param('customer'), card.replace(/\D/g, ''));
    return portalPage(c, 'cardUpdated');
  });
