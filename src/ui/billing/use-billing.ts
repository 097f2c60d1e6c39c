// The billing actors as the screens reach them: the root (events from anywhere), the pricing actor and the
// manager actor (each screen reads its own one's snapshot), and a Message in the user's words.
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import type { Message } from '../../machines/billing/notice';
import { useRootSelector } from '../app/root-context';

export const useBilling = () => useRootSelector((s) => s.context.billing);
export const usePricing = () => useSelector(useBilling(), (s) => s.context.pricing);
export const useManager = () => useSelector(useBilling(), (s) => s.context.manager);
export type ManagerRef = ReturnType<typeof useManager>;

/** A message the actors made, in the user's language: the server's own words, or ours by key. */
export const say = (t: TFunction, message: Message) =>
  'text' in message ? message.text : t(message.key, message.values);
