// The saved-prompt list's button. The dialog behind it (PromptDialog.tsx) and the prompt store come when it is
// first opened: a composer does not need them to type and send.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogCode, LazyDialog } from '../kit/lazy-dialog';

const promptDialog = dialogCode(() => import('./PromptDialog').then((m) => m.PromptDialog));

export function PromptLibrary({ onUse }: { onUse?(content: string): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="prompts-open"
      >
        {t('prompts.open')}
      </button>
      <LazyDialog
        code={promptDialog}
        active={open}
        onDismiss={() => setOpen(false)}
        props={{ open, onOpenChange: setOpen, onUse }}
      />
    </>
  );
}
