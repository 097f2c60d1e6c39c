// The tooltip of the design system (Radix Tooltip): a short label shown on hover and keyboard focus, for
// buttons that show only an icon. The button keeps its own aria-label; the tooltip is what sighted users read.
// Its code comes after the app's first draw (floating-later.tsx); until then the button is drawn without one.
import { type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import { useFloating } from './floating-later';

const OPEN_DELAY_MS = 400;
/** Moving to another tooltip this soon after one closed opens it at once. */
const SKIP_DELAY_MS = 300;

// Each tooltip has its own Radix provider (one at the root would have to wrap the app before the code is here),
// so the "next one opens at once" rule Radix's shared provider kept is kept here, for all of them.
let skipping = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const skipListeners = new Set<() => void>();
const setSkipping = (value: boolean) => {
  if (skipping === value) return;
  skipping = value;
  for (const listener of skipListeners) listener();
};
function tooltipClosed() {
  setSkipping(true);
  clearTimeout(skipTimer);
  skipTimer = setTimeout(() => setSkipping(false), SKIP_DELAY_MS);
}
const subscribeSkip = (listener: () => void) => {
  skipListeners.add(listener);
  return () => skipListeners.delete(listener);
};
const isSkipping = () => skipping;

export function Tooltip({
  content,
  side = 'top',
  children,
}: {
  /** Nothing (null or undefined): no tooltip, e.g. when the button shows its label after all. */
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** One focusable element (a button or link) that takes the trigger's props. */
  children: ReactElement;
}) {
  const floating = useFloating();
  const skip = useSyncExternalStore(subscribeSkip, isSkipping, isSkipping);
  if (content === null || content === undefined || !floating) return children;
  const { Tooltip: RadixTooltip } = floating;
  return (
    <RadixTooltip.Provider delayDuration={skip ? 0 : OPEN_DELAY_MS} skipDelayDuration={0}>
      <RadixTooltip.Root onOpenChange={(open) => !open && tooltipClosed()}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
