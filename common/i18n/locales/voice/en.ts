// The voice assistant (dictation, reading answers aloud, its feedback question) — English.
// Each language has its own module (ar.ts, zh.ts, es.ts beside this one, typed against these keys).
export const voiceEn = {
  listen: 'Speak your question',
  stopListening: 'Stop listening',
  listening: 'Listening…',
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  errors: {
    notAllowed: 'Parley can’t use the microphone. Allow it in your browser’s site settings and try again.',
    noSpeech: 'No speech was heard. Try again, a little closer to the microphone.',
    network: 'Your browser’s speech recognition can’t be reached. Check your connection, or type instead.',
    unsupported: 'This browser can’t turn speech into text. Type your question instead.',
    other: 'Voice input stopped unexpectedly. Try again.',
    speak: 'This browser can’t read answers aloud.',
  },
  feedback: {
    title: 'How was talking with Parley?',
    body: 'You spoke a question and heard the answer. Your rating helps the people who run this server improve voice.',
    good: 'Good',
    bad: 'Not good',
    reasonsLabel: 'What went wrong?',
    reasons: {
      misheard: 'It misheard me',
      voice: 'The voice was hard to follow',
      slow: 'It was too slow',
      other: 'Something else',
    },
    placeholder: 'Anything else? (optional)',
    send: 'Send',
    notNow: 'Not now',
    thanks: 'Thank you for telling us.',
    ratingRequired: 'Choose thumbs up or thumbs down first.',
  },
};
