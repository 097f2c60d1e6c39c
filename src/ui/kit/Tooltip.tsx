// The tooltip of the design system (Radix Tooltip): a short label shown on hover and keyboard focus, for
// buttons that show only an icon. The button keeps its own aria-label; the tooltip is what sighted users read.
import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** Once at the root: tooltips share one open delay, and moving between them opens the next at once. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={300}>
      {children}
    </RadixTooltip.Provider>
  );
}

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
  if (content === null || content === undefined) return children;
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
