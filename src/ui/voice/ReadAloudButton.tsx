// An answer's read-aloud button: reads it in a voice of its language, or stops the reading in progress.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { speechLangFor } from '../../machines/voice/speech-langs';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';
import { appVoice } from './voice-actor';
import { canSpeak, useVoice, type VoiceActorRef } from './voice-store';

export function ReadAloudButton({ id, text }: { id: string; text: string }) {
  const voice = useVoice();
  if (!canSpeak()) return null;
  if (voice) return <ReadAloud voice={voice.actor} id={id} text={text} />;
  // Nothing read or spoken yet: the actor is made by the first press (answers are in a chunk that has it).
  return <ReadAloudView reading={false} onPress={() => speak(appVoice().actor, id, text)} />;
}

const speak = (voice: VoiceActorRef, id: string, text: string) =>
  voice.send({ type: 'SPEAK', id, text, lang: speechLangFor(text, currentLanguage()) });

function ReadAloud({ voice, id, text }: { voice: VoiceActorRef; id: string; text: string }) {
  const reading = useSelector(voice, (s) => s.context.speakingId === id);
  return (
    <ReadAloudView
      reading={reading}
      onPress={() => (reading ? voice.send({ type: 'STOP_SPEAKING' }) : speak(voice, id, text))}
    />
  );
}

function ReadAloudView({ reading, onPress }: { reading: boolean; onPress(): void }) {
  const { t } = useTranslation();
  const label = reading ? t('voice.stopReading') : t('voice.readAloud');
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        aria-pressed={reading}
        onClick={onPress}
        data-testid="read-aloud"
      >
        <Icon name={reading ? 'stop' : 'speaker'} />
      </button>
    </Tooltip>
  );
}
