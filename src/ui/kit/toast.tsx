// Toasts through sonner, whose code and Toaster load with the first toast rather than with the page: a toast
// asked for before then waits until the Toaster is on the page (a toast sonner gets before it is lost).
import { useEffect, useSyncExternalStore } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

type Sonner = typeof import('sonner');
type Show = (sonner: Sonner) => void;

let loaded: Sonner | null = null;
let loading: Promise<void> | null = null;
/** Set once the Toaster has subscribed: toasts then go straight to sonner. */
let ready: Sonner | null = null;
const waiting: Show[] = [];
const listeners = new Set<() => void>();

function show(run: Show) {
  if (ready) return run(ready);
  waiting.push(run);
  if (!loading)
    loading = import('sonner').then((module) => {
      loaded = module;
      for (const listener of listeners) listener();
    });
}

type Message = Parameters<Sonner['toast']['success']>[0];
export const toast = {
  success: (message: Message, options?: ExternalToast) => show((s) => s.toast.success(message, options)),
  error: (message: Message, options?: ExternalToast) => show((s) => s.toast.error(message, options)),
  info: (message: Message, options?: ExternalToast) => show((s) => s.toast.info(message, options)),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Runs after the Toaster beside it has subscribed (effects run in order): the waiting toasts go out. */
function Flush({ sonner }: { sonner: Sonner }) {
  useEffect(() => {
    ready = sonner;
    for (const run of waiting.splice(0)) run(sonner);
    return () => {
      ready = null;
    };
  }, [sonner]);
  return null;
}

/** Where the toasts show: nothing until the first toast has loaded sonner. */
export function Toasts(props: ToasterProps) {
  const sonner = useSyncExternalStore(subscribe, () => loaded);
  if (!sonner) return null;
  return (
    <>
      <sonner.Toaster {...props} />
      <Flush sonner={sonner} />
    </>
  );
}
