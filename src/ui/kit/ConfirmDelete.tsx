// A trash button that asks before it deletes: the one confirmation used by every list that can delete.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
import { PendingTrigger, useFloating } from './floating-later';
import { Tooltip } from './Tooltip';

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
  const [open, setOpen] = useState(false);
  const floating = useFloating();
  // Before the popover's code is here (floating-later.tsx): the same button, which opens it when it comes.
  if (!floating)
    return (
      <PendingTrigger
        className="icon-button"
        popup="dialog"
        aria-label={t('common.delete')}
        data-testid="delete"
        onOpenChange={setOpen}
      >
        <Icon name="trash" size={14} />
      </PendingTrigger>
    );
  const { Popover } = floating;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Tooltip content={t('common.delete')}>
        <Popover.Trigger className="icon-button" aria-label={t('common.delete')} data-testid="delete">
          <Icon name="trash" size={14} />
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content className="popover" side={side} collisionPadding={8} data-testid="delete-confirm">
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
              data-testid="delete-confirm-button"
            >
              {t('common.delete')}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
