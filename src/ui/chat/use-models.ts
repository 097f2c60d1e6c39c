import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LandingInfo,
  MODEL_STANDARD,
  type ModelListItem,
  type UserInfo,
} from '../../../common/contract';
import { chatApi } from '../../api/chat';
import type { UpgradePrompt } from '../../api/http';

const LANDING_KEY = 'parley.landing';
const MODEL_KEY = 'parley.model';

/** The last landing answer kept on this device (no request). */
export const cachedLanding = (): LandingInfo | null => {
  try {
    return JSON.parse(localStorage.getItem(LANDING_KEY) ?? 'null') as LandingInfo | null;
  } catch {
    return null;
  }
};

let landingRequest: Promise<LandingInfo> | null = null;

/**
 * The landing answer, asked once per page load and shared by every part that reads it (the home page, the
 * model picker, social login). main.tsx starts it before the page's chunks arrive, so a first visit's
 * recommended questions do not wait for the page's code to ask. A failed request may be asked again.
 */
export function fetchLanding(): Promise<LandingInfo> {
  if (!landingRequest) {
    landingRequest = chatApi.landing({ suppressAlert: true }).then((fresh) => {
      try {
        localStorage.setItem(LANDING_KEY, JSON.stringify(fresh));
      } catch {
        // Not kept for the next start; this one has it.
      }
      return fresh;
    });
    landingRequest.catch(() => {
      landingRequest = null;
    });
  }
  return landingRequest;
}

/** The landing answer (the cached one at once) and whether it is known: cached, fetched or failed. */
export function useLandingState(): { landing: LandingInfo | null; settled: boolean } {
  const [state, setState] = useState(() => {
    const cached = cachedLanding();
    return { landing: cached, settled: cached !== null };
  });
  useEffect(() => {
    let live = true;
    fetchLanding().then(
      (fresh) => live && setState({ landing: fresh, settled: true }),
      () => live && setState((previous) => ({ ...previous, settled: true })),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The landing model list, cached so the picker works offline too. */
export function useLanding(): LandingInfo | null {
  return useLandingState().landing;
}

type Member = Pick<UserInfo, 'isPro' | 'isTrial' | 'parsedRoles'> | null;

/** Pro models are for paid members and trials; everyone else is on the free models. */
export function mayUseModel(
  user: Member,
  isGuest: boolean,
  model: Pick<ModelListItem, 'pro' | 'free'>,
): boolean {
  if (model.free) return true;
  if (isGuest) return false;
  return Boolean(user?.isPro || user?.isTrial || user?.parsedRoles.includes('Trail'));
}

/**
 * The model a send uses. Choosing a model the caller may not use opens the pay prompt at once and keeps the
 * current model, so a send never fails on it and the typed message stays; a pick that is no longer allowed
 * (the plan ended) falls back to Standard.
 */
export function useModelChoice(
  landing: LandingInfo | null,
  user: Member,
  isGuest: boolean,
  askToPay: (prompt: UpgradePrompt) => void,
) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState(() => localStorage.getItem(MODEL_KEY) ?? MODEL_STANDARD);
  const entry = (name: string) => landing?.modelList.find((m) => m.name === name);
  const choose = (model: string) => {
    const item = entry(model);
    if (item && !mayUseModel(user, isGuest, item)) {
      askToPay({
        message: t('chat.proModelNeedsPlan'),
        source: 'GPT4Turbo',
        shortMessage: t('chat.proModelShort'),
      });
      return;
    }
    localStorage.setItem(MODEL_KEY, model);
    setPicked(model);
  };
  const current = entry(picked);
  const allowed = isGuest ? picked === MODEL_STANDARD : !current || mayUseModel(user, isGuest, current);
  return { model: allowed ? picked : MODEL_STANDARD, choose };
}
