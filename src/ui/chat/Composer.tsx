import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { humanCheck } from '../../api/human-check';
import { composerDrafts } from '../../local/composer-drafts';
import { PromptLibrary } from '../prompts/PromptLibrary';
import { DictationButton } from '../voice/DictationButton';
import { useVoice } from '../voice/voice-store';
import { type InputMessage, newInputMessage, sent, typed } from './input-message';

interface Props {
  busy: boolean;
  disabled: boolean;
  disabledReason?: string;
  onSend(text: string, record: InputMessage): boolean;
  onStop(): void;
  children?: React.ReactNode;
  /** Text put in the composer from outside (a template, a recommended question); a new seq puts it again. */
  draft?: { text: string; seq: number };
  /** The chat whose unsent text this is: kept on the device under it until a send is accepted. */
  draftKey: string;
}

const MAX_ROWS = 10;

/** Keeps what was typed until a send is accepted; Enter sends, Shift+Enter adds a line, IME composing is left alone. */
export function Composer({
  busy,
  disabled,
  disabledReason,
  onSend,
  onStop,
  children,
  draft,
  draftKey,
}: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => composerDrafts.read(draftKey));
  useEffect(() => composerDrafts.write(draftKey, text), [draftKey, text]);
  const area = useRef<HTMLTextAreaElement>(null);
  const record = useRef(newInputMessage());
  const pasting = useRef(false);
  const voice = useVoice();
  /** Whether words of this message were spoken: its answer is then read aloud (a spoken exchange). */
  const dictated = useRef(false);
  const [listening, setListening] = useState(false);

  const resize = () => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const line = Number.parseFloat(getComputedStyle(el).lineHeight) || 22;
    el.style.height = `${Math.min(el.scrollHeight, line * MAX_ROWS + 16)}px`;
  };
  // A draft given back at the first render gets the height of its lines before it is painted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: at mount only; later changes resize as they are typed
  useLayoutEffect(() => {
    if (text) resize();
  }, []);
  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    requestAnimationFrame(() => {
      const el = area.current;
      if (!el) return;
      el.style.height = 'auto';
      el.style.height = `${Math.min(el.scrollHeight, 22 * MAX_ROWS + 16)}px`;
      el.focus();
    });
  }, [draft]);
  const send = () => {
    if (busy || disabled || !text.trim()) return;
    const { last, next } = sent(typed(record.current, text, Date.now()), Date.now());
    if (onSend(text, last)) {
      record.current = next;
      voice?.actor.send({ type: 'SENT', dictated: dictated.current || listening });
      dictated.current = false;
      setListening(false);
      setText('');
      // Focus stays in the box (Send turns into Stop under the pointer), ready for the next message.
      requestAnimationFrame(() => {
        resize();
        area.current?.focus();
      });
    }
  };

  return (
    <div className="composer" data-testid="composer">
      <div className="composer-tools">
        {children}
        <PromptLibrary
          onUse={(content) => {
            setText(content);
            requestAnimationFrame(resize);
            area.current?.focus();
          }}
        />
      </div>
      <div className="composer-row">
        <textarea
          ref={area}
          rows={1}
          value={text}
          // While words are being recognised they are written here; typing waits until listening stops.
          readOnly={listening}
          placeholder={
            listening
              ? t('voice.listening')
              : disabled && disabledReason
                ? disabledReason
                : t('chat.placeholder')
          }
          aria-label={t('chat.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            // The first key of a message: the human check (for those asked) is solved while they type.
            if (record.current.firstTypeTime === null) humanCheck.prepare('chat');
            record.current = typed(record.current, event.target.value, Date.now(), pasting.current);
            pasting.current = false;
            resize();
          }}
          onPaste={() => {
            pasting.current = true;
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          data-testid="composer-input"
        />
        <DictationButton
          disabled={disabled}
          getText={() => text}
          setText={(spoken, final, heard) => {
            setListening(!final);
            setText(spoken);
            if (heard) dictated.current = true;
            record.current = typed(record.current, spoken, Date.now());
            requestAnimationFrame(resize);
            if (final) area.current?.focus();
          }}
        />
        {busy ? (
          <button type="button" className="button" onClick={onStop} data-testid="stop">
            {t('chat.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            onClick={send}
            disabled={disabled || !text.trim()}
            data-testid="send"
          >
            {t('chat.send')}
          </button>
        )}
      </div>
    </div>
  );
}
