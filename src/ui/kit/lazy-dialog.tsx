// A dialog whose code is fetched the first time it opens, not with the page: until it has arrived a small
// "Loading…" status stands where the dialog will be, and a failed fetch (offline, never opened here before)
// says so in the user's language with a way to close it. Once loaded it stays mounted, so it opens and closes
// like any dialog from then on.
import { type ComponentType, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './kit.css';

/** A dialog component behind a dynamic import, fetched once (again after a failure). Made at module level. */
export interface DialogCode<P> {
  loaded: ComponentType<P> | null;
  fetch(): Promise<unknown>;
}

export function dialogCode<P extends object>(load: () => Promise<ComponentType<P>>): DialogCode<P> {
  let pending: Promise<unknown> | null = null;
  const code: DialogCode<P> = {
    loaded: null,
    fetch: () => {
      pending ??= load().then(
        (component) => {
          code.loaded = component;
        },
        (error) => {
          // A later open tries again.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
  return code;
}

export function LazyDialog<P extends object>({
  code,
  active,
  onDismiss,
  props,
}: {
  code: DialogCode<P>;
  /** Whether the dialog is (to be) open: the first time, its code is fetched. */
  active: boolean;
  /** Closes what asked for the dialog, when its code could not be fetched. */
  onDismiss(): void;
  /** The dialog's own props. */
  props: P;
}) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(active);
  const [failed, setFailed] = useState(false);
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  if (active && !wanted) setWanted(true);
  useEffect(() => {
    if (!wanted || code.loaded) return;
    let current = true;
    setFailed(false);
    code.fetch().then(
      () => current && arrived(),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [wanted, code]);
  if (code.loaded) {
    const Dialog = code.loaded;
    return <Dialog {...props} />;
  }
  if (!active) return null;
  return (
    <div className="lazy-dialog-status" role="status" data-testid="lazy-dialog-status">
      {failed ? t('common.networkError') : t('common.loading')}
      {failed && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setWanted(false);
            onDismiss();
          }}
        >
          {t('common.close')}
        </button>
      )}
    </div>
  );
}
