// Ctrl+/ (Cmd+/ on a Mac) lists the keyboard shortcuts, as the best chat apps do.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShortcut } from '../app/use-shortcut';
import { Modal } from '../kit/Modal';

export function ShortcutsDialog({ mac }: { mac: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Also from the composer (the combination types nothing there), never from the writing editor.
  useShortcut(mac ? { code: 'Slash', meta: true } : { code: 'Slash', ctrl: true }, () => setOpen((o) => !o), {
    preventDefault: true,
    inFields: true,
  });
  const mod = mac ? '⌘' : 'Ctrl';
  const rows: [string[], string][] = [
    [mac ? ['⌘', 'K'] : ['Ctrl', 'I'], t('chat.shortcutNewChat')],
    [['Enter'], t('chat.shortcutSend')],
    [['Shift', 'Enter'], t('chat.shortcutNewLine')],
    [['Esc'], t('chat.shortcutStop')],
    [[mod, '/'], t('chat.shortcutList')],
  ];
  return (
    <Modal open={open} onOpenChange={setOpen} title={t('chat.shortcutsTitle')} width={420} testId="shortcuts">
      <table className="shortcuts">
        <tbody>
          {rows.map(([keys, label]) => (
            <tr key={label}>
              <td>{label}</td>
              {/* Key names read left to right also in Arabic. */}
              <td dir="ltr">
                {keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' + '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
