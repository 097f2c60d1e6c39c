// The app's one voice actor, for the composer's microphone and each answer's read-aloud button, with what
// this browser can do (a browser without speech recognition shows no microphone). One for the whole app, so
// a question spoken in a new chat is still answered aloud after the chat moves to its own address. The
// actor's code loads on first use (voice-actor.ts makes it and puts it here): the composer's first paint
// carries only this file.
import { useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { VoiceMachine } from '../../machines/voice/voice.machine';

export type VoiceActorRef = ActorRefFrom<VoiceMachine>;
export interface Voice {
  actor: VoiceActorRef;
}

let voice: Voice | null = null;
const listeners = new Set<() => void>();

export const canListen = () =>
  typeof window !== 'undefined' && ('SpeechRecognition' in window || 'webkitSpeechRecognition' in window);
export const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window;

/** Called once by voice-actor.ts when it has made the actor. */
export function voiceReady(made: Voice) {
  voice = made;
  for (const listener of listeners) listener();
}

/** The voice actor once something has used it, else null (nothing spoken or read yet). */
export function useVoice(): Voice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => voice,
  );
}
