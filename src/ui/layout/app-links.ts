// The operator's quick links, asked once per page load and shared by the sidebar and the download modal.
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
