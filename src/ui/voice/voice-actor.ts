// Makes the app's voice actor on first use (the microphone pressed, an answer to be read aloud).
import { createActor } from 'xstate';
import { browserSpeech } from '../../machines/voice/speech-io';
import { createVoiceMachine } from '../../machines/voice/voice.machine';
import { type Voice, voiceReady } from './voice-store';

let voice: Voice | null = null;

export function appVoice(): Voice {
  if (!voice) {
    voice = { actor: createActor(createVoiceMachine(browserSpeech)).start() };
    voiceReady(voice);
  }
  return voice;
}
