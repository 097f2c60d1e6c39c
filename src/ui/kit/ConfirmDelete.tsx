// A button that asks before it acts (ConfirmAction), and its trash-icon form that asks before it deletes
// (ConfirmDelete): the one confirmation used by every list that can delete or stop something.
import { type ReactNode, useState } from 'react';
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
      className={triggerClassName}
      aria-label={iconOnly ? label : undefined}
      data-testid={triggerTestId}
    >
      {trigger}
    </Popover.Trigger>
  );
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {iconOnly ? <Tooltip content={label}>{button}</Tooltip> : button}
      <Popover.Portal>
        <Popover.Content
          className="popover"
          side={side}
          collisionPadding={8}
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
