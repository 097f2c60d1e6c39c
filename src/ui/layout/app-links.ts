// The operator's links, asked once per page load and shared by the user menu (quick links) and the download modal.
import { useEffect, useState } from 'react';
import type { AppLinks } from '../../../common/contract';
import { landingApi } from '../../api/landing';

let cached: Promise<AppLinks | null> | null = null;
const load = () => {
  cached ??= landingApi.appLinks().catch(() => {
    cached = null;
    return null;
  });
  return cached;
};

/** null until known (or when the server could not be asked). */
export function useAppLinks(): AppLinks | null {
  const [links, setLinks] = useState<AppLinks | null>(null);
  useEffect(() => {
    let live = true;
    load().then((value) => live && setLinks(value));
    return () => {
      live = false;
    };
  }, []);
  return links;
}

const QUICK_LINK_ORDER: (keyof AppLinks)[] = ['community', 'social', 'chromeExtension', 'ios', 'android'];

/** The quick links the operator has set up (LINK_*), in the menu's order; none set, none shown. */
export function useQuickLinks(): { key: keyof AppLinks; url: string }[] {
  const links = useAppLinks();
  return QUICK_LINK_ORDER.flatMap((key) => {
    const url = links?.[key];
    return url ? [{ key, url }] : [];
  });
}
