// emoji-mart's Picker web component used directly (@emoji-mart/react does not support React 19). Its own
// storage keeps the frequently used emoji with counts, the last one and the chosen skin tone.
import { useEffect, useRef } from 'react';
import { currentLanguage } from '../../../i18n';

export const EMOJI_PICKER = {
  perLine: 9,
  maxFrequentRows: 4,
  emojiButtonSize: 36,
  emojiSize: 24,
  emojiVersion: 15,
  maxSearchResults: 90,
} as const;

// Bundled translations: emoji-mart would otherwise download them.
const translations: Record<string, () => Promise<{ default: unknown }>> = {
  en: () => import('@emoji-mart/data/i18n/en.json'),
  ar: () => import('@emoji-mart/data/i18n/ar.json'),
  zh: () => import('@emoji-mart/data/i18n/zh.json'),
  es: () => import('@emoji-mart/data/i18n/es.json'),
};

export function EmojiPicker({ onPick }: { onPick(emoji: string): void }) {
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    let cancelled = false;
    let element: HTMLElement | null = null;
    void (async () => {
      const language = currentLanguage();
      const [{ Picker }, data, i18n] = await Promise.all([
        import('emoji-mart'),
        import('@emoji-mart/data'),
        (translations[language] ?? translations.en)(),
      ]);
      if (cancelled || !host.current) return;
      element = new Picker({
        data: data.default,
        i18n: i18n.default,
        locale: language,
        perLine: EMOJI_PICKER.perLine,
        maxFrequentRows: EMOJI_PICKER.maxFrequentRows,
        emojiButtonSize: EMOJI_PICKER.emojiButtonSize,
        emojiSize: EMOJI_PICKER.emojiSize,
        emojiVersion: EMOJI_PICKER.emojiVersion,
        previewPosition: 'none',
        skinTonePosition: 'search',
        theme: 'light',
        autoFocus: true,
        onEmojiSelect: (emoji: { native: string }) => pick.current(emoji.native),
      }) as unknown as HTMLElement;
      host.current.appendChild(element);
    })();
    return () => {
      cancelled = true;
      element?.remove();
    };
  }, []);
  return <div ref={host} className="emoji-picker" data-testid="emoji-picker" />;
}
