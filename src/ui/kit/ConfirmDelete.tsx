// A trash button that asks before it deletes: the one confirmation used by every list that can delete.
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
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
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Tooltip content={t('common.delete')}>
        <Popover.Trigger className="icon-button" aria-label={t('common.delete')} data-testid="delete">
          <Icon name="trash" size={14} />
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content className="popover" side={side} data-testid="delete-confirm">
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
