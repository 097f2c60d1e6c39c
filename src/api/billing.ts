// Client calls of plans and billing (paths and types from contract-billing.ts).
import {
  type BillingDetail,
  BillingPaths,
  type CheckoutResult,
  type ConfirmStatus,
  type CouponPreview,
  type FreeTrialInfo,
  type MarketingActive,
  type PaymentInfo,
  type ProductList,
  type UpgradeProducts,
  type UpgradeResult,
} from '../../common/contract';
import { request } from './http';

export interface CheckoutStart {
  productId: string;
  successUrl: string;
  cancelUrl: string;
  payProvider: number;
  trial?: boolean;
  coupon?: string;
}

export const billingApi = {
  allProducts: () => request<ProductList>('GET', BillingPaths.allProducts, { suppressAlert: true }),
  freeTrial: () => request<FreeTrialInfo>('GET', BillingPaths.freeTrial, { suppressAlert: true }),
  payment: () => request<PaymentInfo>('GET', BillingPaths.payment, { suppressAlert: true }),
  marketingActive: () =>
    request<MarketingActive>('POST', BillingPaths.marketingActive, { suppressAlert: true }),
  /** The provider's hosted page to go to. */
  checkout: (start: CheckoutStart) =>
    request<string>(
      'GET',
      start.trial
        ? BillingPaths.stripeCheckWithTrail
        : start.coupon
          ? BillingPaths.stripeCheckWithCoupon
          : BillingPaths.stripeCheck,
      {
        query: {
          productId: start.productId,
          successUrl: start.successUrl,
          cancelUrl: start.cancelUrl,
          payProvider: start.payProvider,
          days: start.trial ? 7 : undefined,
          coupon: start.coupon,
        },
        // The pricing modal shows a refusal itself (once).
        suppressAlert: true,
      },
    ),
  /** After a return from the provider: whether the caller's subscription really changed. */
  checkoutResult: () => request<CheckoutResult>('POST', BillingPaths.checkoutResult, { suppressAlert: true }),
  detail: () => request<BillingDetail | null>('GET', BillingPaths.billingDetail, { suppressAlert: true }),
  cancel: (subscriptionId: string, feedback: Record<string, unknown>) =>
    request<BillingDetail>('POST', BillingPaths.cancelSubscription, { body: { subscriptionId, feedback } }),
  allowCancelDiscount: () =>
    request<boolean>('GET', BillingPaths.allowCancelDiscount, { suppressAlert: true }),
  allowStudentDiscount: () =>
    request<boolean>('GET', BillingPaths.allowStudentDiscount, { suppressAlert: true }),
  cancelDiscount: (subscriptionId: string) =>
    request<BillingDetail>('GET', BillingPaths.cancelDiscount, { query: { subscriptionId } }),
  preview: (key: 'cancel' | 'student') =>
    request<CouponPreview>('GET', BillingPaths.detailPreview, { query: { key }, suppressAlert: true }),
  toStudentCode: (email: string) =>
    request<boolean>('POST', BillingPaths.toStudentCode, { body: { email }, suppressAlert: true }),
  studentCode: (email: string, code: string, subscriptionId: string) =>
    request<BillingDetail>('POST', BillingPaths.studentCode, {
      body: { email, code, subscriptionId },
      suppressAlert: true,
    }),
  upgradeProducts: () =>
    request<UpgradeProducts>('GET', BillingPaths.upgradeProducts, { suppressAlert: true }),
  upgrade: (productId: string) =>
    request<UpgradeResult>('GET', BillingPaths.upgradeV2, { query: { productId }, suppressAlert: true }),
  checkConfirm: (confirmId: string) =>
    request<ConfirmStatus>('GET', BillingPaths.checkConfirm, { query: { confirmId }, suppressAlert: true }),
  /**
   * The provider's billing portal: a card customer (Stripe's portal), a FastSpring account (FastSpring's
   * account page, by accountId), or the wallet (payProvider 3).
   */
  portal: (
    who: { customer: string } | { accountId: string } | { payProvider: number },
    callbackUrl: string,
  ) =>
    request<string>('GET', 'accountId' in who ? BillingPaths.fastspringPortal : BillingPaths.stripePortal, {
      query: { ...who, callbackUrl },
    }),
};
