// An answer's read-aloud button: reads it in a voice of its language, or stops the reading in progress.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { speechLangFor } from '../../machines/voice/speech-io';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';
import { useVoice, type VoiceActorRef } from './voice-context';

export function ReadAloudButton({ id, text }: { id: string; text: string }) {
  const voice = useVoice();
  return voice.canSpeak ? <ReadAloud voice={voice.actor} id={id} text={text} /> : null;
}

function ReadAloud({ voice, id, text }: { voice: VoiceActorRef; id: string; text: string }) {
  const { t } = useTranslation();
  const reading = useSelector(voice, (s) => s.context.speakingId === id);
  const label = reading ? t('voice.stopReading') : t('voice.readAloud');
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        aria-pressed={reading}
        onClick={() =>
          voice.send(
            reading
              ? { type: 'STOP_SPEAKING' }
              : { type: 'SPEAK', id, text, lang: speechLangFor(text, currentLanguage()) },
          )
        }
        data-testid="read-aloud"
      >
        <Icon name={reading ? 'stop' : 'speaker'} />
      </button>
    </Tooltip>
  );
}
