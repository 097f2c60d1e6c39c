// The voice actor with a scripted recogniser and reader: dictation hands its words over, a spoken question's
// answer is read aloud, and the feedback question comes after a spoken exchange, not after a plain reading.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { speakableText, speechPieces } from '../../src/machines/voice/speech-io';
import { speechLangFor } from '../../src/machines/voice/speech-langs';
import { createVoiceMachine, type ListenError, type SpeechIo } from '../../src/machines/voice/voice.machine';

function scriptedIo(options: { canListen?: boolean; feedbackDue?: boolean } = {}) {
  const calls: string[] = [];
  let listener: Parameters<SpeechIo['listen']>[1] | null = null;
  let reader: Parameters<SpeechIo['speak']>[2] | null = null;
  let due = options.feedbackDue ?? true;
  const io: SpeechIo = {
    canListen: () => options.canListen ?? true,
    canSpeak: () => true,
    listen(lang, on) {
      calls.push(`listen ${lang}`);
      listener = on;
      return { stop: () => calls.push('stop'), abort: () => calls.push('abort') };
    },
    speak(text, lang, on) {
      calls.push(`speak ${lang} ${text}`);
      reader = on;
      return () => calls.push('cancel');
    },
    feedbackDue: () => due,
    feedbackAsked: () => {
      calls.push('asked');
      due = false;
    },
  };
  return {
    io,
    calls,
    hear: (final: string, pending = '') => listener?.heard(final, pending),
    endListening: () => listener?.ended(),
    failListening: (error: ListenError) => listener?.failed(error),
    finishReading: () => reader?.ended(),
    failReading: () => reader?.failed(),
  };
}

function start(script: ReturnType<typeof scriptedIo>) {
  const actor = createActor(createVoiceMachine(script.io)).start();
  const dictated: string[] = [];
  const failures: string[] = [];
  actor.on('dictated', (e) => dictated.push(e.text));
  actor.on('listenFailed', (e) => failures.push(e.error));
  actor.on('speakFailed', () => failures.push('speak'));
  return { actor, dictated, failures };
}

describe('the voice assistant', () => {
  it('hands over what was heard when listening ends, and shows the words still being made out meanwhile', () => {
    const script = scriptedIo();
    const { actor, dictated } = start(script);
    actor.send({ type: 'LISTEN', lang: 'ar-SA' });
    expect(script.calls).toEqual(['listen ar-SA']);
    script.hear('ما عاصمة', ' فرنسا');
    expect(actor.getSnapshot().context).toMatchObject({ heard: 'ما عاصمة', pending: ' فرنسا' });
    script.hear('ما عاصمة فرنسا؟');
    actor.send({ type: 'STOP_LISTENING' });
    expect(script.calls).toContain('stop');
    script.endListening();
    expect(dictated).toEqual(['ما عاصمة فرنسا؟']);
    expect(actor.getSnapshot().matches({ dictation: 'idle' })).toBe(true);
  });

  it('keeps the words heard before a failure and says why it failed', () => {
    const script = scriptedIo();
    const { actor, dictated, failures } = start(script);
    actor.send({ type: 'LISTEN', lang: 'en-US' });
    script.hear('What is the');
    script.failListening('network');
    expect(dictated).toEqual(['What is the']);
    expect(failures).toEqual(['network']);
  });

  it('says a browser without speech recognition cannot listen, without starting anything', () => {
    const script = scriptedIo({ canListen: false });
    const { actor, failures } = start(script);
    actor.send({ type: 'LISTEN', lang: 'en-US' });
    expect(failures).toEqual(['unsupported']);
    expect(script.calls).toEqual([]);
  });

  it('reads the answer to a spoken question when it is complete, then asks for feedback once', () => {
    const script = scriptedIo();
    const { actor } = start(script);
    actor.send({ type: 'LISTEN', lang: 'en-US' });
    script.hear('Tell me a joke');
    script.endListening();
    actor.send({ type: 'SENT', dictated: true });
    actor.send({ type: 'ANSWER_DONE', id: 'a1', text: 'Why did the chicken…', lang: 'en-US' });
    expect(script.calls).toContain('speak en-US Why did the chicken…');
    expect(actor.getSnapshot().context.speakingId).toBe('a1');
    expect(actor.getSnapshot().context.feedbackOpen).toBe(false);
    script.finishReading();
    expect(actor.getSnapshot().context).toMatchObject({ speakingId: null, feedbackOpen: true });
    actor.send({ type: 'FEEDBACK_CLOSED' });

    // The next spoken exchange does not ask again (asked lately).
    actor.send({ type: 'SENT', dictated: true });
    actor.send({ type: 'ANSWER_DONE', id: 'a2', text: 'Another', lang: 'en-US' });
    script.finishReading();
    expect(actor.getSnapshot().context.feedbackOpen).toBe(false);
    expect(script.calls.filter((c) => c === 'asked')).toHaveLength(1);
  });

  it('does not read the answer to a typed question, nor ask for feedback after a plain read-aloud', () => {
    const script = scriptedIo();
    const { actor } = start(script);
    actor.send({ type: 'SENT', dictated: false });
    actor.send({ type: 'ANSWER_DONE', id: 'a1', text: 'Typed answer', lang: 'en-US' });
    expect(script.calls).toEqual([]);
    actor.send({ type: 'SPEAK', id: 'a1', text: 'Typed answer', lang: 'es-ES' });
    script.finishReading();
    expect(script.calls.filter((c) => c.startsWith('speak'))).toEqual(['speak es-ES Typed answer']);
    expect(actor.getSnapshot().context.feedbackOpen).toBe(false);
  });

  it('stops a reading on Stop, on a new reading, and when the user starts talking; a failed reading is told', () => {
    const script = scriptedIo({ feedbackDue: false });
    const { actor, failures } = start(script);
    actor.send({ type: 'SPEAK', id: 'a1', text: 'One', lang: 'en-US' });
    actor.send({ type: 'SPEAK', id: 'a2', text: 'Two', lang: 'en-US' });
    expect(script.calls).toEqual(['speak en-US One', 'cancel', 'speak en-US Two']);
    expect(actor.getSnapshot().context.speakingId).toBe('a2');
    actor.send({ type: 'LISTEN', lang: 'en-US' });
    expect(script.calls.slice(3)).toEqual(['cancel', 'listen en-US']);
    expect(actor.getSnapshot().context.speakingId).toBeNull();
    actor.send({ type: 'STOP_LISTENING' });
    script.endListening();
    actor.send({ type: 'SPEAK', id: 'a3', text: 'Three', lang: 'en-US' });
    script.failReading();
    expect(failures).toEqual(['speak']);
    expect(actor.getSnapshot().context.speakingId).toBeNull();
  });
});

describe('what is read aloud', () => {
  it('reads the words of a Markdown answer, not its code, link targets or citation marks', () => {
    expect(
      speakableText(
        '## Result\n\nSee **the docs** at [the site](https://example.org)[1].\n\n```js\nconsole.log(1)\n```\n\n- one\n- `two`',
      ),
    ).toBe('Result\nSee the docs at the site.\none\ntwo');
  });

  it('splits long answers at sentence ends into pieces a browser reads without cutting off', () => {
    const text = `${'A short sentence. '.repeat(30)}`;
    const pieces = speechPieces(text, 100);
    expect(pieces.every((p) => p.length <= 100)).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(text.trim());
    expect(speechPieces('x'.repeat(250), 100).map((p) => p.length)).toEqual([100, 100, 50]);
  });

  it('reads an answer in the voice of its own script', () => {
    expect(speechLangFor('عاصمة فرنسا هي باريس.', 'en')).toBe('ar-SA');
    expect(speechLangFor('法国的首都是巴黎。', 'es')).toBe('zh-CN');
    expect(speechLangFor('The capital is Paris.', 'ar')).toBe('en-US');
    expect(speechLangFor('La capital es París.', 'es')).toBe('es-ES');
  });
});
