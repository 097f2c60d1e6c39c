// The app's links, its count of navigations and its reading of the query, over wouter (which has the addresses
// and patterns): a link that marks the page it leads to, a link that does not stack the page already open on
// the history, a number that changes with every navigation, also one to the same address, and the query's
// values exactly as they were written into the address.
import { type ComponentProps, type MouseEvent, useCallback, useMemo, useSyncExternalStore } from 'react';
import { useLocation, Link as WouterLink } from 'wouter';

// wouter reports pushState and replaceState (it wraps them) as window events of those names.
const HISTORY_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;
let navigations = 0;
const listeners = new Set<() => void>();
// Counted before any component hears of it, whatever order their listeners were added in.
for (const type of HISTORY_EVENTS)
  addEventListener(type, () => {
    navigations++;
    for (const listener of listeners) listener();
  });

/** 0 on the address the app was opened at; one more with each navigation (push, replace, back or forward). */
export function useNavigationKey(): number {
  return useSyncExternalStore(subscribe, () => navigations);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * The open address's query without its '?', as written in the address. wouter's useSearch (and its
 * useSearchParams) runs decodeURI over it first, so URLSearchParams then decoded it a second time: '%2541'
 * came back as 'A' instead of '%41', and writing the query back changed values nobody touched.
 */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, () => location.search.replace(/^\?/, ''));
}

/**
 * The query's values, each decoded once, and a setter that writes a new query onto the open path (pushed, or
 * replacing it with { replace: true }); values round-trip unchanged ('%', '/', '&', '+', Arabic).
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string> | URLSearchParams, options?: { replace?: boolean }) => void,
] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Record<string, string> | URLSearchParams, options?: { replace?: boolean }) => {
      const query = new URLSearchParams(next).toString();
      // The path as the address has it (wouter's own is decoded too).
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** The number of navigations so far, outside a component. */
export const navigationCount = () => navigations;

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean };

/**
 * A link within the app. One to the address already open replaces it rather than stacking it again (Back then
 * leaves the page, as it did with React Router's links).
 */
export function Link({ to, replace, onClick, ...props }: LinkProps) {
  const [, navigate] = useLocation();
  return (
    <WouterLink
      {...props}
      to={to}
      replace={replace}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        // wouter hands only plain left clicks here; a modified one opens a tab as the browser does.
        if (event.defaultPrevented || replace !== undefined) return;
        if (`${location.pathname}${location.search}` !== to) return;
        event.preventDefault();
        navigate(to, { replace: true });
      }}
    />
  );
}

/** Whether the open address is `to` or under it (`/writing` for /writing/x), letters' case aside. */
export function isActivePath(pathname: string, to: string): boolean {
  const target = to.split(/[?#]/)[0].toLowerCase();
  const here = pathname.toLowerCase();
  if (here === target || here === `${target}/`) return true;
  // Home is active on home only, not under every page.
  return target !== '/' && here.startsWith(target.endsWith('/') ? target : `${target}/`);
}

/** A link that is marked (class "active", aria-current="page") while its page, or one under it, is open. */
export function NavLink({ className, ...props }: LinkProps) {
  const [pathname] = useLocation();
  const active = isActivePath(pathname, props.to);
  return (
    <Link
      {...props}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ')}
      aria-current={active ? 'page' : undefined}
    />
  );
}
