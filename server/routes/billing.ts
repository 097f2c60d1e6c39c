// Plans, purchase and provider webhooks (issue 5). Thin: validate, call the billing service, answer.
import { type Context, Hono } from 'hono';
import {
  CancelRequest,
  CheckoutQuery,
  ConfirmQuery,
  FastSpringCheckQuery,
  PortalQuery,
  PreviewQuery,
  StudentCodeRequest,
  StudentVerifyRequest,
  SubscriptionQuery,
  UpgradeQuery,
} from '../../common/contract/billing.schema.js';
import { BillingPaths, PayProvider } from '../../common/contract/index.js';
import { badRequest, unauthenticated } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { mailboxViewer } from '../http/dev-mailbox.js';
import { readJson, readJsonValue, readQuery } from '../http/validate.js';
import { sameOriginPath } from '../net/return-url.js';

/** Billing calls that act on a subscription need a logged-in member (a guest has none). */
function requireMember(c: Context<AppEnv>) {
  const caller = requireCaller(c);
  if (caller.kind !== 'member') throw unauthenticated();
  return caller;
}

function originOf(c: Context<AppEnv>, publicBaseUrl: string | null) {
  return publicBaseUrl ? new URL(publicBaseUrl).origin : new URL(c.req.url).origin;
}

export const billingRoutes = new Hono<AppEnv>()
  .get(BillingPaths.allProducts, async (c) =>
    ok(c, await c.get('services').billing.allProducts(c.get('caller'))),
  )
  .get(BillingPaths.freeTrial, async (c) => ok(c, await c.get('services').billing.freeTrial(c.get('caller'))))
  .get(BillingPaths.payment, (c) => ok(c, c.get('services').billing.payment(c.get('info').language)))
  .post(BillingPaths.marketingActive, async (c) => ok(c, await c.get('services').billing.marketingActive()))
  .get(BillingPaths.stripeCheck, (c) => checkout(c, { trial: false, withCoupon: false }))
  .get(BillingPaths.stripeCheckWithTrail, (c) => checkout(c, { trial: true, withCoupon: false }))
  .get(BillingPaths.stripeCheckWithCoupon, (c) => checkout(c, { trial: false, withCoupon: true }))
  .get(BillingPaths.billingDetail, async (c) =>
    ok(c, await c.get('services').billing.management.detail(requireCaller(c))),
  )
  .post(BillingPaths.cancelSubscription, async (c) => {
    const caller = requireCaller(c);
    const { subscriptionId, feedback } = await readJson(c, CancelRequest);
    return ok(c, await c.get('services').billing.management.cancel(caller, subscriptionId, feedback));
  })
  .get(BillingPaths.allowCancelDiscount, async (c) =>
    ok(c, await c.get('services').billing.management.allowCancelDiscount(requireCaller(c))),
  )
  .get(BillingPaths.allowStudentDiscount, async (c) =>
    ok(c, await c.get('services').billing.management.allowStudentDiscount(requireCaller(c))),
  )
  .get(BillingPaths.cancelDiscount, async (c) => {
    const caller = requireCaller(c);
    const { subscriptionId } = readQuery(c, SubscriptionQuery);
    return ok(c, await c.get('services').billing.management.applyCoupon(caller, subscriptionId, 'retention'));
  })
  .get(BillingPaths.detailPreview, async (c) => {
    const caller = requireCaller(c);
    const { key } = readQuery(c, PreviewQuery);
    return ok(c, await c.get('services').billing.management.detailPreview(caller, key));
  })
  .get(BillingPaths.upgradeProducts, async (c) =>
    ok(
      c,
      await c.get('services').billing.management.upgradeProducts(requireCaller(c), c.get('info').language),
    ),
  )
  .get(BillingPaths.upgradeV2, async (c) => {
    const caller = requireCaller(c);
    const { productId } = readQuery(c, UpgradeQuery);
    const services = c.get('services');
    // Back to the home in the caller's language (/ar, /zh, /es; English is /), never an English page.
    const language = c.get('info').language;
    const returnUrl = `${originOf(c, services.config.publicBaseUrl)}/${language === 'en' ? '' : language}`;
    const result = await services.billing.management.upgrade(caller, productId, returnUrl);
    if (result.confirmUrl?.startsWith('/'))
      result.confirmUrl = `${originOf(c, services.config.publicBaseUrl)}${result.confirmUrl}?lang=${c.get('info').language}`;
    return ok(c, result);
  })
  .post(BillingPaths.checkoutResult, async (c) => {
    const caller = c.get('caller');
    return ok(
      c,
      caller ? await c.get('services').billing.checkoutResult(caller) : { status: 'none' as const },
    );
  })
  .get(BillingPaths.checkConfirm, async (c) => {
    const caller = requireCaller(c);
    const { confirmId } = readQuery(c, ConfirmQuery);
    return ok(c, await c.get('services').billing.management.checkConfirm(caller, confirmId));
  })
  .get(BillingPaths.stripePortal, async (c) => portal(c, PayProvider.Card))
  .get(BillingPaths.fastspringPortal, async (c) => portal(c, PayProvider.MerchantOfRecord))
  // FastSpring's own calls: check (a product in the query) and order (FastSpring's order payload) both open a
  // storefront session and answer it as the order: its id, and the storefront address that takes the payment.
  .get(BillingPaths.fastspringCheck, async (c) => {
    const { productId } = readQuery(c, FastSpringCheckQuery);
    return ok(c, await fastspringOrder(c, productId));
  })
  .post(BillingPaths.fastspringOrder, async (c) => {
    const body = (await readJsonValue(c).catch(() => ({}))) as { items?: { product?: unknown }[] };
    const productId = body.items?.[0]?.product;
    if (typeof productId !== 'string') throw badRequest('billing.unknownProduct');
    return ok(c, await fastspringOrder(c, productId));
  })
  .get(BillingPaths.fastspringPrice, async (c) => {
    const caller = requireMember(c);
    const { subscriptionId } = readQuery(c, SubscriptionQuery);
    const sub = await c.get('services').billing.management.owned(caller, subscriptionId);
    return ok(c, { price: sub.price, currency: sub.currency, interval: sub.interval });
  })
  .post(BillingPaths.toStudentCode, async (c) => {
    const caller = requireMember(c);
    const { email } = await readJson(c, StudentCodeRequest);
    await c
      .get('services')
      .billing.student.sendCode(caller, email, mailboxViewer(c), undefined, c.get('info').language);
    return ok(c, true);
  })
  .post(BillingPaths.studentCode, async (c) => {
    const caller = requireMember(c);
    const { email, code, subscriptionId } = await readJson(c, StudentVerifyRequest);
    return ok(c, await c.get('services').billing.student.verify(caller, email, code, subscriptionId));
  })
  .post(`${BillingPaths.webhook}/:provider`, async (c) => {
    const headers: Record<string, string | undefined> = {};
    c.req.raw.headers.forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const count = await c
      .get('services')
      .billing.webhook(c.req.param('provider'), await c.req.text(), headers);
    return ok(c, { received: count });
  });

async function fastspringOrder(c: Context<AppEnv>, productId: string) {
  const caller = requireMember(c);
  const services = c.get('services');
  const url = await services.billing.checkout(
    caller,
    { productId, successUrl: '/?fscNext=1', cancelUrl: '/' },
    {
      provider: PayProvider.MerchantOfRecord,
      trial: false,
      withCoupon: false,
      origin: originOf(c, services.config.publicBaseUrl),
      language: c.get('info').language,
    },
  );
  // The storefront's session id is the order id (the last segment of its address).
  const id = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  return { id, orderId: id, url };
}

async function portal(c: Context<AppEnv>, provider: number) {
  const caller = requireMember(c);
  const query = readQuery(c, PortalQuery);
  const services = c.get('services');
  const origin = originOf(c, services.config.publicBaseUrl);
  // A prefix test would pass https://app.example.com.evil.example: the URL parser decides.
  const back = `${origin}${sameOriginPath(query.callbackUrl, origin)}`;
  const chosen = query.payProvider === PayProvider.Wallet ? PayProvider.Wallet : provider;
  return ok(
    c,
    await services.billing.portal(
      caller,
      chosen,
      query.customer ?? query.accountId,
      back,
      c.get('info').language,
    ),
  );
}

async function checkout(c: Context<AppEnv>, options: { trial: boolean; withCoupon: boolean }) {
  const caller = requireCaller(c);
  const query = readQuery(c, CheckoutQuery);
  const services = c.get('services');
  const url = await services.billing.checkout(caller, query, {
    ...options,
    provider: query.payProvider ?? PayProvider.Card,
    origin: originOf(c, services.config.publicBaseUrl),
    language: c.get('info').language,
  });
  return ok(c, url);
}
