// The app's one voice actor, for the composer's microphone and each answer's read-aloud button, with what
// this browser can do (a browser without speech recognition shows no microphone). One for the whole app, so
// a question spoken in a new chat is still answered aloud after the chat moves to its own address.
import { type ActorRefFrom, createActor } from 'xstate';
import { browserSpeech } from '../../machines/voice/speech-io';
import { createVoiceMachine, type VoiceMachine } from '../../machines/voice/voice.machine';

export type VoiceActorRef = ActorRefFrom<VoiceMachine>;
export interface Voice {
  actor: VoiceActorRef;
  canListen: boolean;
  canSpeak: boolean;
}

let voice: Voice | null = null;

export function useVoice(): Voice {
  voice ??= {
    actor: createActor(createVoiceMachine(browserSpeech)).start(),
    canListen: browserSpeech.canListen(),
    canSpeak: browserSpeech.canSpeak(),
  };
  return voice;
}
