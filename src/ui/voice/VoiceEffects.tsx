// What the voice assistant does around a chat: reads the answer to a spoken question when it is complete,
// says why the microphone or the reading failed, stops reading when the chat is left, and asks for feedback.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../common/contract';
import { currentLanguage } from '../../i18n';
import { speechLangFor } from '../../machines/voice/speech-langs';
import type { ListenError } from '../../machines/voice/voice.machine';
import { toast } from '../kit/toast';
import { useVoice, type VoiceActorRef } from './voice-store';

const LazyVoiceFeedbackModal = lazy(() => import('./VoiceFeedbackModal'));

const LISTEN_ERROR_KEYS: Record<ListenError, string> = {
  'not-allowed': 'voice.errors.notAllowed',
  'no-speech': 'voice.errors.noSpeech',
  network: 'voice.errors.network',
  unsupported: 'voice.errors.unsupported',
  other: 'voice.errors.other',
};

export function VoiceEffects({ last }: { last: ChatMessage | undefined }) {
  const voice = useVoice();
  // Nothing was spoken or read yet: nothing to do.
  return voice ? <Effects actor={voice.actor} last={last} /> : null;
}

function Effects({ actor, last }: { actor: VoiceActorRef; last: ChatMessage | undefined }) {
  const { t } = useTranslation();
  const feedbackOpen = useSelector(actor, (s) => s.context.feedbackOpen);
  const streamed = useRef<string | null>(null);

  // An answer seen being written and now complete: read aloud if it answers a spoken question (the actor knows).
  useEffect(() => {
    if (last?.role !== 'assistant') return;
    if (last.status === 'streaming') streamed.current = last.id;
    else if (last.status === 'done' && streamed.current === last.id) {
      streamed.current = null;
      actor.send({
        type: 'ANSWER_DONE',
        id: last.id,
        text: last.content,
        lang: speechLangFor(last.content, currentLanguage()),
      });
    }
  }, [actor, last?.id, last?.role, last?.status, last?.content]);

  useEffect(() => {
    const failed = actor.on('listenFailed', ({ error }) => toast.error(t(LISTEN_ERROR_KEYS[error])));
    const speakFailed = actor.on('speakFailed', () => toast.error(t('voice.errors.speak')));
    return () => {
      failed.unsubscribe();
      speakFailed.unsubscribe();
    };
  }, [actor, t]);

  // Leaving this chat ends its reading (its Stop button goes with it).
  useEffect(() => () => actor.send({ type: 'STOP_SPEAKING' }), [actor]);

  if (!feedbackOpen) return null;
  return (
    <Suspense fallback={null}>
      <LazyVoiceFeedbackModal onClose={() => actor.send({ type: 'FEEDBACK_CLOSED' })} />
    </Suspense>
  );
}
