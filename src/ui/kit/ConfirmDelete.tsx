// A button that asks before it acts (ConfirmAction), and its trash-icon form that asks before it deletes
// (ConfirmDelete): the one confirmation used by every list that can delete or stop something.
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
import { PendingTrigger, useFloating } from './floating-later';
import { Tooltip } from './Tooltip';

export function ConfirmAction({
  trigger,
  triggerClassName,
  label,
  triggerTestId,
  title,
  body,
  confirmLabel,
  onConfirm,
  side = 'bottom',
}: {
  /** What the button shows: an icon (then `label` is its name and tooltip) or the label itself. */
  trigger: ReactNode;
  triggerClassName: string;
  label: string;
  triggerTestId: string;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm(): void | Promise<void>;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [headingBottom, setHeadingBottom] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const floating = useFloating();
  const iconOnly = typeof trigger !== 'string';
  // Before the popover's code is here (floating-later.tsx): the same button, which opens it when it comes.
  if (!floating)
    return (
      <PendingTrigger
        className={triggerClassName}
        popup="dialog"
        aria-label={iconOnly ? label : undefined}
        data-testid={triggerTestId}
        onOpenChange={setOpen}
      >
        {trigger}
      </PendingTrigger>
    );
  const { Popover } = floating;
  const button = (
    <Popover.Trigger
      ref={triggerRef}
      className={triggerClassName}
      aria-label={iconOnly ? label : undefined}
      data-testid={triggerTestId}
    >
      {trigger}
    </Popover.Trigger>
  );
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setHeadingBottom(dialogHeadingBottom(triggerRef.current));
        setOpen(next);
      }}
    >
      {iconOnly ? <Tooltip content={label}>{button}</Tooltip> : button}
      <Popover.Portal>
        <Popover.Content
          className="popover"
          side={side}
          // Inside a dialog the screen above its heading's bottom counts as off-screen: the confirmation goes
          // below its button, or above it only where it then still leaves the heading (what is being ended) in view.
          collisionPadding={{ top: Math.max(8, headingBottom + 8), right: 8, bottom: 8, left: 8 }}
          data-testid={`${triggerTestId}-confirm`}
        >
          <p className="popover-title" dir="auto">
            {title}
          </p>
          <p className="muted small">{body}</p>
          <div className="dialog-actions">
            <Popover.Close className="button">{t('common.cancel')}</Popover.Close>
            <button
              type="button"
              className="button danger"
              onClick={() => {
                setOpen(false);
                void onConfirm();
              }}
              data-testid={`${triggerTestId}-confirm-button`}
            >
              {confirmLabel}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Where the heading of the dialog `trigger` sits in ends on screen (0 outside a dialog). */
function dialogHeadingBottom(trigger: Element | null): number {
  const id = trigger?.closest('[role="dialog"]')?.getAttribute('aria-labelledby');
  const heading = id ? document.getElementById(id) : null;
  return heading ? heading.getBoundingClientRect().bottom : 0;
}

export function ConfirmDelete({
  title,
  body,
  onConfirm,
  side = 'bottom',
}: {
  title: string;
  body: string;
  onConfirm(): void | Promise<void>;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  const { t } = useTranslation();
  return (
    <ConfirmAction
      trigger={<Icon name="trash" size={14} />}
      triggerClassName="icon-button"
      label={t('common.delete')}
      triggerTestId="delete"
      title={title}
      body={body}
      confirmLabel={t('common.delete')}
      onConfirm={onConfirm}
      side={side}
    />
  );
}
