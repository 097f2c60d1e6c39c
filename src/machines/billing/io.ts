// What the billing actors reach outside themselves: the server's billing calls, the experiments, and leaving
// the app for a provider's page. The actors receive it (createBillingMachine(io)), so a test hands in fakes.

import type {
  BillingDetail,
  CheckoutResult,
  ConfirmStatus,
  CouponPreview,
  MarketingActive,
  PaymentInfo,
  ProductList,
  UpgradeProducts,
  UpgradeResult,
} from '../../../common/contract';
import { billingApi, type CheckoutStart } from '../../api/billing';
import { userApi } from '../../api/user';
import { homePath, leaveForProvider } from '../../i18n';
import type { PortalOwner } from './rules';

export interface BillingIO {
  marketingActive(): Promise<MarketingActive>;
  allProducts(): Promise<ProductList>;
  payment(): Promise<Pick<PaymentInfo, 'providers'>>;
  /** The caller's variants of these experiments; a missing one is off. */
  experiments(keys: string[]): Promise<{ key: string; value: string }[]>;
  /** The provider's hosted page to go to. */
  checkout(start: CheckoutStart): Promise<string>;
  checkoutResult(): Promise<CheckoutResult>;
  checkConfirm(confirmId: string): Promise<ConfirmStatus>;
  detail(): Promise<BillingDetail | null>;
  allowCancelDiscount(): Promise<boolean>;
  allowStudentDiscount(): Promise<boolean>;
  preview(key: 'cancel' | 'student'): Promise<CouponPreview>;
  cancelDiscount(subscriptionId: string): Promise<BillingDetail>;
  toStudentCode(email: string): Promise<boolean>;
  studentCode(email: string, code: string, subscriptionId: string): Promise<BillingDetail>;
  cancel(subscriptionId: string, feedback: Record<string, unknown>): Promise<BillingDetail>;
  upgradeProducts(): Promise<UpgradeProducts>;
  upgrade(productId: string): Promise<UpgradeResult>;
  portal(owner: PortalOwner, callbackUrl: string): Promise<string>;
  /** The address a provider sends the browser back to: the home in the user's language (/ar, /zh, /es). */
  homeUrl(): URL;
  /** The address to come back to from the billing portal: where the user is now. */
  currentUrl(): string;
  /** Leaves the app for a provider's page (payment, 3-D Secure, portal), keeping the language to come back to. */
  leave(url: string): void;
  /** Waits between the return's checks (a test may answer at once). */
  sleep(ms: number): Promise<void>;
}

/** The real one: the server over HTTP and the browser's location. */
export const browserBillingIO: BillingIO = {
  marketingActive: billingApi.marketingActive,
  allProducts: billingApi.allProducts,
  payment: billingApi.payment,
  experiments: userApi.experiments,
  checkout: billingApi.checkout,
  checkoutResult: billingApi.checkoutResult,
  checkConfirm: billingApi.checkConfirm,
  detail: billingApi.detail,
  allowCancelDiscount: billingApi.allowCancelDiscount,
  allowStudentDiscount: billingApi.allowStudentDiscount,
  preview: billingApi.preview,
  cancelDiscount: billingApi.cancelDiscount,
  toStudentCode: billingApi.toStudentCode,
  studentCode: billingApi.studentCode,
  cancel: billingApi.cancel,
  upgradeProducts: billingApi.upgradeProducts,
  upgrade: billingApi.upgrade,
  portal: billingApi.portal,
  homeUrl: () => new URL(homePath(), location.origin),
  currentUrl: () => location.href,
  leave: leaveForProvider,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
