// The composer's microphone: speak a question and watch it appear in the box (recognised words, then the ones
// still being made out); press again, or just stop talking, and the text stays there to be edited and sent.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { SPEECH_LANGS } from '../../machines/voice/speech-io';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';
import { useVoice, type VoiceActorRef } from './voice-context';

interface Props {
  disabled: boolean;
  /** The composer's text when listening starts; what is heard is added after it. */
  getText(): string;
  /** `heard`: some words were recognised (the message is then partly spoken). */
  setText(text: string, final: boolean, heard: boolean): void;
}

/** Spoken words after what was typed, with a space between unless either side is empty. */
export const joinSpoken = (typed: string, spoken: string) =>
  !typed.trim()
    ? spoken.trimStart()
    : !spoken.trim()
      ? typed
      : `${typed.replace(/\s+$/, '')} ${spoken.trimStart()}`;

export function DictationButton(props: Props) {
  const voice = useVoice();
  return voice.canListen ? <Dictation voice={voice.actor} {...props} /> : null;
}

function Dictation({ voice, disabled, getText, setText }: Props & { voice: VoiceActorRef }) {
  const { t } = useTranslation();
  const listening = useSelector(voice, (s) => s.matches({ dictation: 'listening' }));
  const live = useSelector(voice, (s) => `${s.context.heard}${s.context.pending}`);
  const base = useRef('');
  const setTextRef = useRef(setText);
  setTextRef.current = setText;

  useEffect(() => {
    if (listening) setTextRef.current(joinSpoken(base.current, live), false, live.trim() !== '');
  }, [listening, live]);
  useEffect(() => {
    const sub = voice.on('dictated', ({ text }) =>
      setTextRef.current(joinSpoken(base.current, text), true, text !== ''),
    );
    return () => sub.unsubscribe();
  }, [voice]);

  const label = listening ? t('voice.stopListening') : t('voice.listen');
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className={`icon-button dictation${listening ? ' listening' : ''}`}
        aria-label={label}
        aria-pressed={listening}
        disabled={disabled && !listening}
        onClick={() => {
          if (listening) return voice.send({ type: 'STOP_LISTENING' });
          base.current = getText();
          voice.send({ type: 'LISTEN', lang: SPEECH_LANGS[currentLanguage()] ?? SPEECH_LANGS.en });
        }}
        data-testid="dictation"
      >
        <Icon name="mic" />
      </button>
    </Tooltip>
  );
}
