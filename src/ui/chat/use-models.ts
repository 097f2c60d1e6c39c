import { useEffect, useState } from 'react';
import { chatApi } from '../../api/chat';
import { type LandingInfo, MODEL_STANDARD } from '../../api/contract';

const LANDING_KEY = 'parley.landing';
const MODEL_KEY = 'parley.model';

const cachedLanding = (): LandingInfo | null => {
  try {
    return JSON.parse(localStorage.getItem(LANDING_KEY) ?? 'null') as LandingInfo | null;
  } catch {
    return null;
  }
};

/** The landing model list, cached so the picker works offline too. */
export function useLanding(): LandingInfo | null {
  const [landing, setLanding] = useState(cachedLanding);
  useEffect(() => {
    let live = true;
    chatApi
      .landing({ suppressAlert: true })
      .then((fresh) => {
        localStorage.setItem(LANDING_KEY, JSON.stringify(fresh));
        if (live) setLanding(fresh);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return landing;
}

/** The model a send uses: guests are always on Standard, whatever was picked before. */
export function useModelChoice(isGuest: boolean) {
  const [picked, setPicked] = useState(() => localStorage.getItem(MODEL_KEY) ?? MODEL_STANDARD);
  const choose = (model: string) => {
    localStorage.setItem(MODEL_KEY, model);
    setPicked(model);
  };
  return { model: isGuest ? MODEL_STANDARD : picked, choose };
}
