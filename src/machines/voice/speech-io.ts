// The browser's speech services behind the voice actor: SpeechRecognition for dictation, speechSynthesis for
// reading answers aloud, and localStorage for when the voice feedback question was last asked.
import type { ListenError, SpeechIo } from './voice.machine';

/** Asked at most once in this long, so a voice user is not nagged after every exchange. */
const FEEDBACK_EVERY_MS = 14 * 24 * 60 * 60 * 1000;
const FEEDBACK_ASKED_KEY = 'parley.voiceFeedback.askedAt';
/** Chromium stops a long utterance after about 15 seconds, so answers are read in pieces of this size. */
const PIECE_CHARS = 220;

interface RecognitionResult {
  readonly isFinal: boolean;
  readonly 0: { transcript: string };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<RecognitionResult> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionClass = new () => Recognition;

function recognitionClass(): RecognitionClass | null {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionClass;
    webkitSpeechRecognition?: RecognitionClass;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const LISTEN_ERRORS: Record<string, ListenError> = {
  'not-allowed': 'not-allowed',
  'service-not-allowed': 'not-allowed',
  'audio-capture': 'not-allowed',
  'no-speech': 'no-speech',
  network: 'network',
  'language-not-supported': 'unsupported',
};

/**
 * What a listener should hear of a Markdown answer: the words, without code, markup, link targets or citation
 * marks. Code blocks are left out (read aloud they are noise), inline code keeps its text.
 */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[\^?\d+\]/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~)(\S(?:[\s\S]*?\S)?)\1/g, '$2')
    .replace(/^\s*[-*_]{3,}\s*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Splits text at sentence ends (any script) into pieces short enough for one utterance each. */
export function speechPieces(text: string, max = PIECE_CHARS): string[] {
  const sentences = text.match(/[^.!?。！？؟\n]+[.!?。！？؟]*\s*|\n+/g) ?? [text];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current && (current + sentence).length > max) {
      pieces.push(current.trim());
      current = '';
    }
    current += sentence;
    while (current.length > max) {
      const cut = current.lastIndexOf(' ', max) > max / 2 ? current.lastIndexOf(' ', max) : max;
      pieces.push(current.slice(0, cut).trim());
      current = current.slice(cut);
    }
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces.filter(Boolean);
}

async function microphoneGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'microphone' as PermissionName });
    return status.state === 'granted';
  } catch {
    return false;
  }
}

export const browserSpeech: SpeechIo = {
  canListen: () => recognitionClass() !== null,
  canSpeak: () => typeof window !== 'undefined' && 'speechSynthesis' in window,

  listen(lang, on) {
    const Recognition = recognitionClass();
    if (!Recognition) {
      queueMicrotask(() => on.failed('unsupported'));
      return { stop() {}, abort() {} };
    }
    const recognition = new Recognition();
    recognition.lang = lang;
    recognition.continuous = true;
    recognition.interimResults = true;
    let done = false;
    recognition.onresult = (event) => {
      let final = '';
      let pending = '';
      for (const result of Array.from(event.results)) {
        if (result.isFinal) final += result[0].transcript;
        else pending += result[0].transcript;
      }
      on.heard(final, pending);
    };
    recognition.onerror = (event) => {
      // "aborted" is our own abort; the end that follows reports nothing more.
      if (event.error === 'aborted' || done) return;
      done = true;
      const error = LISTEN_ERRORS[event.error] ?? 'other';
      if (error !== 'not-allowed') return on.failed(error);
      // Chromium builds without Google's speech service (Debian's, for one) refuse with "not-allowed" even
      // when the microphone is allowed: asking the user to allow it would send them in circles.
      void microphoneGranted().then((granted) => on.failed(granted ? 'unsupported' : 'not-allowed'));
    };
    recognition.onend = () => {
      if (done) return;
      done = true;
      on.ended();
    };
    try {
      recognition.start();
    } catch {
      done = true;
      queueMicrotask(() => on.failed('other'));
    }
    return {
      stop: () => recognition.stop(),
      abort: () => {
        done = true;
        recognition.abort();
      },
    };
  },

  speak(text, lang, on) {
    const synth = window.speechSynthesis;
    synth.cancel();
    const pieces = speechPieces(speakableText(text));
    const voice =
      synth.getVoices().find((v) => v.lang === lang) ??
      synth.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang.slice(0, 2).toLowerCase()));
    let finished = false;
    const finish = (ok: boolean) => {
      if (finished) return;
      finished = true;
      if (ok) on.ended();
      else on.failed();
    };
    if (pieces.length === 0) {
      queueMicrotask(() => finish(true));
      return () => {};
    }
    pieces.forEach((piece, index) => {
      const utterance = new SpeechSynthesisUtterance(piece);
      utterance.lang = lang;
      if (voice) utterance.voice = voice;
      if (index === pieces.length - 1) utterance.onend = () => finish(true);
      // "interrupted"/"canceled" are our own cancel (a new reading, or Stop); anything else is a failure.
      utterance.onerror = (event) => {
        if (event.error !== 'interrupted' && event.error !== 'canceled') finish(false);
      };
      synth.speak(utterance);
    });
    return () => {
      finished = true;
      synth.cancel();
    };
  },

  feedbackDue() {
    try {
      const asked = Number(localStorage.getItem(FEEDBACK_ASKED_KEY) ?? 0);
      return Date.now() - asked > FEEDBACK_EVERY_MS;
    } catch {
      return false;
    }
  },
  feedbackAsked() {
    try {
      localStorage.setItem(FEEDBACK_ASKED_KEY, String(Date.now()));
    } catch {
      // Storage blocked: the question may come again next time, which is harmless.
    }
  },
};
