// What the billing screens read from the billing actors' snapshots, named once.
import type { SnapshotFrom } from 'xstate';
import type { ManagerMachine, ManagerStep } from './manager.machine';
import type { PricingMachine } from './pricing.machine';

type ManagerSnapshot = SnapshotFrom<ManagerMachine>;
type PricingSnapshot = SnapshotFrom<PricingMachine>;

const STEPS = ['detail', 'leaving', 'coupon', 'student', 'questionnaire', 'cancelled'] as const;

/** The manager's step on screen, or null while it is closed or loading. */
export function managerStep(snapshot: ManagerSnapshot): ManagerStep | null {
  if (!snapshot.matches('open')) return null;
  // While the upgrade list loads the detail stays on screen.
  if (snapshot.matches({ open: { upgrade: 'loading' } })) return 'detail';
  if (snapshot.matches({ open: 'upgrade' })) return 'upgrade';
  return STEPS.find((step) => snapshot.matches({ open: step })) ?? 'detail';
}

/** A request of the manager is under way: its buttons wait. */
export const managerBusy = (snapshot: ManagerSnapshot) => snapshot.hasTag('busy');

/** The student's code was accepted. */
export const studentVerified = (snapshot: ManagerSnapshot) =>
  snapshot.matches({ open: { student: 'verified' } });

/** The pricing modal shows: open, and while a pay return is being checked; not on the free-trial success. */
export const pricingOpen = (snapshot: PricingSnapshot) =>
  snapshot.matches('open') || snapshot.matches('returning');
export const pricingLoading = (snapshot: PricingSnapshot) => snapshot.matches({ open: 'loading' });
export const pricingRedirecting = (snapshot: PricingSnapshot) => snapshot.matches({ open: 'redirecting' });
export const providerChooserOpen = (snapshot: PricingSnapshot) => snapshot.matches({ open: 'choosing' });
export const trialSuccessOpen = (snapshot: PricingSnapshot) => snapshot.matches('trialSuccess');
