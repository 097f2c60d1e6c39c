// The test wallet's approval page: where PayPal would show its own, Parley shows a sign-in-free page with
// 'Approve and pay' and 'Cancel', for a new subscription or a change of plan. Approving completes it at the
// test provider (which then sends its signed webhooks) and returns the browser where the app asked.
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { BillingPaths } from '../../common/contract/index.js';
import type { AppEnv } from '../http/context.js';
import { CHECKOUT_REPLACED, WALLET_FUNDING } from '../providers/payments/testpay.js';
import { backTo, checkoutExpired, page, price, strings, testProvider, withParams } from './testpay-page.js';
import { fill } from './testpay-strings.js';

const PATH = `${BillingPaths.testpay}/wallet/:id`;

async function load(c: Context<AppEnv>) {
  const wallet = testProvider(c, 'testwallet');
  const session = wallet ? await wallet.session(c.req.param('id') ?? '') : null;
  return { wallet, session };
}

async function approvalPage(c: Context<AppEnv>) {
  const s = strings(c);
  const { session } = await load(c);
  if (!session) return c.html(page(c, s.notFound, html`<h1>${s.notFound}</h1>`), 404);
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
  if (session.kind === 'checkout' && session.status === CHECKOUT_REPLACED)
    return c.html(
      page(
        c,
        s.replaced,
        html`<h1 id="replaced">${s.replaced}</h1><a href="${backTo(c, session.cancelUrl)}">${s.back}</a>`,
      ),
      410,
    );
  const product = await c.get('services').billing.catalogue.productById(session.productId);
  const period = product?.period === 'year' ? 'year' : 'month';
  const trial = session.trialDays > 0;
  return c.html(
    page(
      c,
      s.wallet,
      html`<h1>${s.wallet}</h1>
<p>${session.kind === 'upgrade' ? s.walletUpgrade : s.walletIntro}</p>
<div class="box"><div id="product">${product?.productType} ${period === 'year' ? s.yearly : s.monthly}</div>
<div id="amount"><strong>${product ? price(c, product.price, product.currency) : ''}</strong> / ${s.per[period]}</div>
${trial ? html`<div id="trial">${fill(s.trial, { days: session.trialDays })}</div>` : ''}</div>
<form method="post"><button name="action" value="approve" id="wallet-approve">${trial ? s.approveTrial : s.approvePay}</button>
<button name="action" value="cancel" class="secondary" id="wallet-cancel">${s.cancel}</button></form>`,
    ),
  );
}

export const testWalletRoutes = new Hono<AppEnv>().get(PATH, approvalPage).post(PATH, async (c) => {
  const { wallet, session } = await load(c);
  if (!wallet || !session || session.status === 'succeeded' || checkoutExpired(session))
    return approvalPage(c);
  const form = await c.req.parseBody();
  if (form.action !== 'approve') {
    if (session.kind === 'upgrade') await wallet.fail(session.id, 'canceled');
    return c.redirect(backTo(c, session.cancelUrl), 303);
  }
  // Approved meanwhile from another page, or replaced: the page says which.
  if (!(await wallet.complete(session, WALLET_FUNDING))) return approvalPage(c);
  // A change of plan returns to the app, which asks checkConfirm for the outcome (as after PayPal's revise).
  return c.redirect(
    session.kind === 'upgrade'
      ? withParams(backTo(c, session.successUrl), { from: 'paymentConfirm', confirmId: session.id })
      : backTo(c, session.successUrl),
    303,
  );
});
