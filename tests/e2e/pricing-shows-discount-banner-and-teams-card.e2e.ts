// Two servers of their own: one with a marketing coupon, the teams experiment pinned on and a sales contact;
// one with the same contact but the experiment off and no coupon. Prices are checked against the catalogue
// each server serves, through the spec's display rules.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type {
  DiscountInfo,
  Envelope,
  MarketingActive,
  Product,
  ProductList,
  TipsResponse,
} from '../../common/contract';
import { loadConfig } from '../../server/config';
import { type RunningServer, startServer } from '../../server/start';
import { startSmtpSink } from '../helpers/smtp-sink';
import { expect, test } from './support/app';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const servers: { on?: RunningServer; off?: RunningServer } = {};
const dataDirs: string[] = [];

async function start(env: Record<string, string>) {
  const config = loadConfig(env);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-pricing-'));
  dataDirs.push(dataDir);
  return startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    staticDir: path.resolve(process.env.STATIC_DIR ?? 'dist'),
    logLevel: 'warn',
    mail: { smtpUrl: smtp.url, from: 'Parley <no-reply@parley.test>' },
    captcha: { cost: 1000, maxCounter: 800, ttlSeconds: 600, turnstile: null },
    billing: config.billing,
    experiments: config.experiments,
  });
}

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  servers.on = await start({
    MARKETING_COUPON: 'SPRING:0.2:0.3:Spring sale',
    EXPERIMENTS: 'teams:A',
    BILLING_TEAMS_CONTACT: 'sales@example.com',
  });
  servers.off = await start({ EXPERIMENTS: 'teams:off', BILLING_TEAMS_CONTACT: 'sales@example.com' });
});
test.afterAll(async () => {
  await servers.on?.close();
  await servers.off?.close();
  await smtp?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function logInAt(page: Page, server: RunningServer, email: string, lang = '') {
  await page.goto(`${server.url}/${lang}`);
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-next').click();
  await expect(page.getByTestId('code-boxes')).toBeVisible();
  const code = await smtp.codeFor(email);
  await page.getByTestId('code-box').first().focus();
  await page.keyboard.type(code);
  await expect(page.getByTestId('auth-state')).toHaveText(email);
}

/** What the server offers this member, read the way the app reads it. */
async function catalogue(page: Page, server: RunningServer) {
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const get = async <T>(method: string, pathname: string) =>
    (
      (await (
        await fetch(`${server.url}${pathname}`, { method, headers: { Authorization: token ?? '' } })
      ).json()) as Envelope<T>
    ).data;
  const list = await get<ProductList>('GET', '/api/v1/membership/allProducts');
  const active = await get<MarketingActive>('POST', '/api/v1/marketing/active');
  return { products: list.productVOS, teamsContact: list.teamsContact, discount: active.discountCoupon };
}

// The display rules, written out here rather than imported from the app: yearly plans per month (price / 12
// to the cent, one decimal where exact), monthly plans price / 100, never rounded past their cents.
const money = (cents: number, currency: string, minDecimals: number) =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    minimumFractionDigits: cents % 10 ? 2 : cents % 100 ? 1 : minDecimals,
    maximumFractionDigits: 2,
  }).format(cents / 100);
const shownPrice = (p: Product) =>
  p.subscription === 'year' ? money(Math.round(p.price / 12), p.currency, 1) : money(p.price, p.currency, 0);
const savePercent = (d: DiscountInfo | null) =>
  d && d.yearlyDiscount > 0 ? Math.round(d.yearlyDiscount * 100) : 16;

async function expectPrices(page: Page, products: Product[], period: 'month' | 'year') {
  const shown = products.filter((p) => p.subscription === period);
  expect(shown.map((p) => p.productType).sort()).toEqual(['Pro', 'Unlimited']);
  for (const product of shown)
    await expect(
      page.getByTestId(`plan-${product.productType}-${period}`).getByTestId('plan-price'),
    ).toHaveText(shownPrice(product));
}

test('a marketing coupon shows its percent per period; the teams experiment adds a Teams card', async ({
  page,
}) => {
  const server = servers.on as RunningServer;
  await logInAt(page, server, 'spring-teams@example.com');
  const offer = await catalogue(page, server);
  expect(offer.discount).toMatchObject({ monthlyDiscount: 0.2, yearlyDiscount: 0.3, desc: 'Spring sale' });

  await page.getByTestId('upgrade-button').click();
  const modal = page.getByTestId('pricing-modal');
  await expect(modal).toBeVisible();
  // Annual first: the yearly discount, shown times 100, also replaces the default 16% saving.
  await expect(modal.getByTestId('discount-banner')).toHaveText('30% off · Spring sale');
  await expect(modal.getByTestId('period-year')).toHaveText(`Annual Save ${savePercent(offer.discount)}%`);
  await expect(modal.getByTestId('period-year')).toHaveText('Annual Save 30%');
  await expectPrices(page, offer.products, 'year');
  // The seeded yearly Pro: 12 x $9.99 less 16% = 10070 cents, shown per month to the cent.
  await expect(modal.getByTestId('plan-Pro-year').getByTestId('plan-price')).toHaveText('$8.39');
  // Twelve months at the monthly price, struck through beside the yearly total.
  await expect(modal.getByTestId('plan-Pro-year').getByTestId('plan-strike-price')).toHaveText('$119.88');
  await expect(modal.getByTestId('plan-Pro-month').getByTestId('plan-strike-price')).toHaveCount(0);
  // The yearly total is the amount charged, with its cents: $100.70, never "$100.7".
  await expect(modal.getByTestId('plan-Pro-year')).toContainText('Billed yearly: $100.70');

  const teams = modal.getByTestId('plan-teams');
  await expect(teams).toContainText('Teams');
  await expect(teams.getByTestId('teams-contact')).toHaveText('Contact sales');
  await expect(teams.getByTestId('teams-contact')).toHaveAttribute(
    'href',
    'mailto:sales@example.com?subject=Parley%20for%20teams',
  );

  await modal.getByTestId('period-month').click();
  await expect(modal.getByTestId('discount-banner')).toHaveText('20% off · Spring sale');
  await expectPrices(page, offer.products, 'month');
  await expect(modal.getByTestId('plan-Pro-month').getByTestId('plan-price')).toHaveText('$9.99');
  await expect(teams).toBeVisible();
  // Left to right, the Teams card comes after the plans.
  const pro = await modal.getByTestId('plan-Pro-month').boundingBox();
  const card = await teams.boundingBox();
  expect(card!.x).toBeGreaterThan(pro!.x);
});

test('in Arabic the Teams card is translated and laid out right to left', async ({ page }) => {
  const server = servers.on as RunningServer;
  await logInAt(page, server, 'teams-ar@example.com', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('upgrade-button').click();
  const modal = page.getByTestId('pricing-modal');
  await expect(modal.getByTestId('discount-banner')).toHaveText('خصم 30% · Spring sale');
  const teams = modal.getByTestId('plan-teams');
  await expect(teams.locator('h3')).toHaveText('الفرق');
  await expect(teams.getByTestId('teams-contact')).toHaveText('تواصل مع المبيعات');
  await expect(teams.getByTestId('teams-contact')).toHaveAttribute(
    'href',
    `mailto:sales@example.com?subject=${encodeURIComponent('Parley للفرق')}`,
  );
  expect(await teams.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  // Right to left, the Teams card comes after the plans: to their left.
  const pro = await modal.getByTestId('plan-Pro-year').boundingBox();
  const card = await teams.boundingBox();
  expect(card!.x).toBeLessThan(pro!.x);
  // The yearly total as Arabic writes money, with both decimals of the dollar (100.70, not 100.7).
  await expect(modal.getByTestId('plan-Pro-year')).toContainText('\u200f100.70\u00a0\u2068US$\u2069');
  // Drawn right to left, the currency still reads 'US$' (its '$' after 'US', not '$US').
  const drawnX = await modal
    .getByTestId('plan-Pro-year')
    .getByTestId('plan-price')
    .evaluate((el) => {
      const text = el.firstChild as Text;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().x;
      };
      return { u: at(text.data.indexOf('U')), dollar: at(text.data.indexOf('$')) };
    });
  expect(drawnX.dollar).toBeGreaterThan(drawnX.u);
  // Prices as Arabic writes money (Intl), to the cent: the $9.99 plan reads 9.99, never 10.0.
  await modal.getByTestId('period-month').click();
  await expect(modal.getByTestId('plan-Pro-month').getByTestId('plan-price')).toHaveText(
    '\u200f9.99\u00a0\u2068US$\u2069',
  );
  await expect(modal.getByTestId('plan-Pro-month').getByTestId('plan-price')).toContainText('9.99');
});

test('with the experiment off there is no Teams card, and without a coupon no banner and the default 16%', async ({
  page,
}) => {
  const server = servers.off as RunningServer;
  // The experiments' answers come with the tips the app loads for each caller (one request, not one per
  // experiment): the member's is asked on login, and the pricing modal reads it.
  const answers: { token: string | null; data: TipsResponse }[] = [];
  page.on('response', async (r) => {
    if (!r.url().endsWith('/api/v1/user/tips')) return;
    const token = await r.request().headerValue('authorization');
    answers.push({ token, data: ((await r.json()) as Envelope<TipsResponse>).data });
  });
  await logInAt(page, server, 'plain-pricing@example.com');
  const offer = await catalogue(page, server);
  // The contact is configured: only the experiment keeps the card away.
  expect(offer.teamsContact).toBe('sales@example.com');
  expect(offer.discount).toBeNull();

  // The card's absence counts only once the experiment's answer is in.
  const member = await page.evaluate(() => localStorage.getItem('authorization'));
  await expect
    .poll(() => answers.find((a) => a.token === member)?.data.abResList.find((e) => e.key === 'teams'))
    .toEqual({ key: 'teams', value: '' });
  await page.getByTestId('upgrade-button').click();
  const modal = page.getByTestId('pricing-modal');
  await expect(modal.getByTestId('period-year')).toHaveText(`Annual Save ${savePercent(null)}%`);
  await expectPrices(page, offer.products, 'year');
  await expect(modal.getByTestId('discount-banner')).toHaveCount(0);
  await expect(modal.getByTestId('plan-teams')).toHaveCount(0);
  await modal.getByTestId('period-month').click();
  await expectPrices(page, offer.products, 'month');
  await expect(modal.getByTestId('plan-teams')).toHaveCount(0);
});
