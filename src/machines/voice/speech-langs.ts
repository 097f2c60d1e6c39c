// Which language speech is recognised and read in (its own file: the microphone and the chat page need only
// this, not the speech code).
export const SPEECH_LANGS: Record<string, string> = { en: 'en-US', ar: 'ar-SA', zh: 'zh-CN', es: 'es-ES' };

/**
 * The language to read an answer in, from its script: an Arabic answer in the English app is read with an
 * Arabic voice, an English one in the Arabic app with an English voice.
 */
export function speechLangFor(text: string, appLang: string): string {
  const sample = text.slice(0, 400);
  const arabic = sample.match(/[\u0600-\u06ff]/g)?.length ?? 0;
  const han = sample.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  const letters = sample.match(/\p{L}/gu)?.length ?? 1;
  if (arabic / letters > 0.3) return SPEECH_LANGS.ar;
  if (han / letters > 0.3) return SPEECH_LANGS.zh;
  // Latin text: the app's language when it is written that way, else English (not an Arabic voice for it).
  return appLang === 'es' ? SPEECH_LANGS.es : SPEECH_LANGS.en;
}
