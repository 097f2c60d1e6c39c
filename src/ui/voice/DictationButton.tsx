// The composer's microphone: speak a question and watch it appear in the box (recognised words, then the ones
// still being made out); press again, or just stop talking, and the text stays there to be edited and sent.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { SPEECH_LANGS } from '../../machines/voice/speech-langs';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';
import { canListen, useVoice, type VoiceActorRef } from './voice-store';

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
  const { t } = useTranslation();
  /** The composer's text when listening started. */
  const base = useRef('');
  if (!canListen()) return null;
  if (voice) return <Dictation voice={voice.actor} base={base} {...props} />;
  // Before the first use: the same button, which loads the voice actor and starts listening.
  return (
    <Tooltip content={t('voice.listen')}>
      <button
        type="button"
        className="icon-button dictation"
        aria-label={t('voice.listen')}
        aria-pressed={false}
        disabled={props.disabled}
        onClick={async () => {
          base.current = props.getText();
          (await import('./voice-actor')).appVoice().actor.send({
            type: 'LISTEN',
            lang: SPEECH_LANGS[currentLanguage()] ?? SPEECH_LANGS.en,
          });
        }}
        data-testid="dictation"
      >
        <Icon name="mic" />
      </button>
    </Tooltip>
  );
}

function Dictation({
  voice,
  base,
  disabled,
  getText,
  setText,
}: Props & { voice: VoiceActorRef; base: React.RefObject<string> }) {
  const { t } = useTranslation();
  const listening = useSelector(voice, (s) => s.matches({ dictation: 'listening' }));
  const live = useSelector(voice, (s) => `${s.context.heard}${s.context.pending}`);
  const setTextRef = useRef(setText);
  setTextRef.current = setText;

  useEffect(() => {
    if (listening) setTextRef.current(joinSpoken(base.current, live), false, live.trim() !== '');
  }, [listening, live, base]);
  useEffect(() => {
    const sub = voice.on('dictated', ({ text }) =>
      setTextRef.current(joinSpoken(base.current, text), true, text !== ''),
    );
    return () => sub.unsubscribe();
  }, [voice, base]);

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
