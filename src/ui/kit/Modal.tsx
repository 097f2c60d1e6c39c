// The one dialog every dialog uses (the frame itself is modal-frame.tsx). Radix's Dialog, with its focus trap,
// scroll lock and dismissable layer, is not part of the page's start-up: it comes with the floating parts after the
// app's first draw (floating-later.tsx), or at once when a dialog opens before that, "Loading…" standing where the
// dialog will be meanwhile (and, offline on a device that never fetched it, a network error with Close).
// Modal.Title, Modal.Description and Modal.Close are the parts a dialog's content may name itself with.
import type { ComponentProps, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Floating, loadFloating, useFloating } from './floating-later';
import type { ModalProps } from './modal-frame';
import './kit.css';

export type { ModalProps };

export function Modal(props: ModalProps) {
  const { t } = useTranslation();
  const floating = useFloating();
  const [failed, setFailed] = useState(false);
  const { open, onOpenChange } = props;
  useEffect(() => {
    if (!open || floating) return;
    let current = true;
    setFailed(false);
    loadFloating().catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [open, floating]);
  if (floating) return <floating.ModalFrame {...props} />;
  if (!open) return null;
  return (
    <div className="lazy-dialog-status" role="status" data-testid="lazy-dialog-status">
      {failed ? t('common.networkError') : t('common.loading')}
      {failed && (
        <button type="button" className="button" onClick={() => onOpenChange(false)}>
          {t('common.close')}
        </button>
      )}
    </div>
  );
}

// A dialog's content is drawn only inside the frame, so its parts' code is always here when they render.
const part =
  <K extends 'ModalTitle' | 'ModalDescription' | 'ModalClose'>(name: K) =>
  (props: ComponentProps<Floating[K]>) => {
    const floating = useFloating();
    if (!floating) return null;
    const Part = floating[name] as (props: ComponentProps<Floating[K]>) => ReactNode;
    return <Part {...props} />;
  };

Modal.Title = part('ModalTitle');
Modal.Description = part('ModalDescription');
Modal.Close = part('ModalClose');
