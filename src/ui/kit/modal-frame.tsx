// The one dialog frame every dialog uses, drawn with Radix's Dialog: overlay, a width that never exceeds the
// screen, a visible close button, focus back to whatever opened it, and a bottom sheet as wide as the screen on a
// phone (see kit.css). Fetched after the app's first draw with the floating parts (Modal.tsx, floating.ts).
import { Dialog } from 'radix-ui';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
import './kit.css';

export type ModalProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Omitted when the content names itself with its own Dialog.Title (a dialog of several steps). */
  title?: ReactNode;
  description?: ReactNode;
  /** The widest it gets on a large screen, in px. */
  width?: number;
  className?: string;
  testId?: string;
  closeLabel?: string;
  closeTestId?: string;
  /** False only for a dialog whose one action already closes it (its button says so): no second close. */
  closeButton?: boolean;
  children: ReactNode;
} & {
  [data: `data-${string}`]: string | number | undefined;
  /** undefined for a dialog that has no description (its title says it all). */
  'aria-describedby'?: string;
};

export function ModalFrame({
  open,
  onOpenChange,
  title,
  description,
  width = 480,
  className,
  testId,
  closeLabel,
  closeTestId = 'modal-close',
  closeButton = true,
  children,
  ...rest
}: ModalProps) {
  const { t } = useTranslation();
  const opener = useRef<HTMLElement | null>(null);
  // Read before Radix moves focus into the dialog (layout effects run before its focus effect): a dialog
  // opened by a state machine rather than a Dialog.Trigger would otherwise drop focus on the page body.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={['dialog', 'modal', className].filter(Boolean).join(' ')}
          style={{ '--dialog-width': `${width}px` } as CSSProperties}
          data-testid={testId}
          {...rest}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {title !== undefined && <Dialog.Title className="modal-title">{title}</Dialog.Title>}
          {description !== undefined && (
            <Dialog.Description className="muted">{description}</Dialog.Description>
          )}
          {children}
          {/* Last in the DOM so the first field, not the close button, gets the first focus; drawn top-end. */}
          {closeButton && (
            <Dialog.Close
              className="icon-button modal-close"
              aria-label={closeLabel ?? t('common.close')}
              data-testid={closeTestId}
            >
              <Icon name="close" size={20} />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalTitle = Dialog.Title;
export const ModalDescription = Dialog.Description;
export const ModalClose = Dialog.Close;
