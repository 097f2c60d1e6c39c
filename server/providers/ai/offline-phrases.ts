// The offline model's fixed sentences (its disclaimers, headings and set phrases) in each language the app
// speaks; what it quotes from the user's own text stays as the user wrote it.
import { DEFAULT_LANGUAGE, type Language } from '../../../common/contract/index.js';

export interface OfflinePhrases {
  chatNote: string;
  youWrote: string;
  words: string;
  keyTerms: string;
  none: string;
  relatedEarlier: string;
  setup: string;
  documentsNote: string;
  noDocumentText: string;
  writingNote: string;
  selectionConcerns: string;
  selectionSummary: string;
  questionTerms: string;
  cannotTranslate: (target: string | undefined) => string;
  lengthenEnding: (terms: string) => string;
  flowStart: string;
  flowEnd: string;
  /** The labels on a decision's two ways out. */
  flowYes: string;
  flowNo: string;
  /** Between two listed terms. */
  separator: string;
  /** After a heading, before its value (a full-width colon in Chinese). */
  colon: string;
  /** Ends a sentence. */
  stop: string;
  /** Between two sentences (none after a Chinese full stop). */
  space: string;
}

const en: OfflinePhrases = {
  chatNote:
    'Parley offline model: no AI provider is configured on this server, so this reply is computed locally from your conversation.',
  youWrote: 'You wrote',
  words: 'Words',
  keyTerms: 'Key terms',
  none: 'none',
  relatedEarlier: 'Related things you said earlier',
  setup: 'To get real AI answers, set `AI_BASE_URL` (any OpenAI-compatible endpoint) and restart Parley.',
  documentsNote:
    'Parley offline model: no AI provider is configured, so this reply quotes the passages of your documents that best match the question.',
  noDocumentText: 'The documents contain no text to quote.',
  writingNote:
    'Parley offline model: no AI provider is configured, so this answer is taken from your own text.',
  selectionConcerns: 'Sentences of the selection that concern your question',
  selectionSummary: 'Summary of the selection',
  questionTerms: 'Key terms of your question',
  cannotTranslate: (target) =>
    `The Parley offline model cannot translate${target ? ` into ${target}` : ''}: translation needs an AI provider. Set AI_BASE_URL on the server to translate this text.`,
  lengthenEnding: (terms) =>
    `In other words, this passage is about ${terms}, and each of these points deserves attention on its own.`,
  flowStart: 'Start',
  flowEnd: 'End',
  flowYes: 'yes',
  flowNo: 'no',
  separator: ', ',
  colon: ':',
  stop: '.',
  space: ' ',
};

const ar: OfflinePhrases = {
  chatNote:
    'نموذج Parley دون اتصال: لم يُضبط أي مزوّد ذكاء اصطناعي على هذا الخادم، لذا حُسب هذا الرد محليًا من محادثتك.',
  youWrote: 'كتبتَ',
  words: 'الكلمات',
  keyTerms: 'المصطلحات الرئيسية',
  none: 'لا شيء',
  relatedEarlier: 'أشياء ذات صلة قلتها سابقًا',
  setup:
    'للحصول على إجابات حقيقية من الذكاء الاصطناعي، اضبط `AI_BASE_URL` (أي نقطة نهاية متوافقة مع OpenAI) ثم أعد تشغيل Parley.',
  documentsNote:
    'نموذج Parley دون اتصال: لم يُضبط أي مزوّد ذكاء اصطناعي، لذا يقتبس هذا الرد مقاطع مستنداتك الأقرب إلى السؤال.',
  noDocumentText: 'لا تحتوي المستندات على نص يمكن اقتباسه.',
  writingNote: 'نموذج Parley دون اتصال: لم يُضبط أي مزوّد ذكاء اصطناعي، لذا أُخذت هذه الإجابة من نصك نفسه.',
  selectionConcerns: 'جمل من التحديد تتعلق بسؤالك',
  selectionSummary: 'ملخص التحديد',
  questionTerms: 'المصطلحات الرئيسية في سؤالك',
  cannotTranslate: (target) =>
    `لا يستطيع نموذج Parley دون اتصال الترجمة${target ? ` إلى ${target}` : ''}: تحتاج الترجمة إلى مزوّد ذكاء اصطناعي. اضبط AI_BASE_URL على الخادم لترجمة هذا النص.`,
  lengthenEnding: (terms) => `بعبارة أخرى، يتناول هذا المقطع ${terms}، وكل نقطة منها تستحق الاهتمام بذاتها.`,
  flowStart: 'البداية',
  flowEnd: 'النهاية',
  flowYes: 'نعم',
  flowNo: 'لا',
  separator: '، ',
  colon: ':',
  stop: '.',
  space: ' ',
};

const zh: OfflinePhrases = {
  chatNote: 'Parley 离线模型：此服务器未配置 AI 服务商，因此这条回复是根据你的对话在本地计算得出的。',
  youWrote: '你写道',
  words: '字数',
  keyTerms: '关键词',
  none: '无',
  relatedEarlier: '你之前说过的相关内容',
  setup: '如需真正的 AI 回答，请设置 `AI_BASE_URL`（任何兼容 OpenAI 的端点）并重启 Parley。',
  documentsNote: 'Parley 离线模型：未配置 AI 服务商，因此这条回复引用了你的文档中与问题最相关的段落。',
  noDocumentText: '这些文档中没有可引用的文字。',
  writingNote: 'Parley 离线模型：未配置 AI 服务商，因此这个回答取自你自己的文字。',
  selectionConcerns: '所选内容中与你的问题相关的句子',
  selectionSummary: '所选内容摘要',
  questionTerms: '你的问题中的关键词',
  cannotTranslate: (target) =>
    `Parley 离线模型无法${target ? `翻译成${target}` : '翻译'}：翻译需要 AI 服务商。请在服务器上设置 AI_BASE_URL 以翻译这段文字。`,
  lengthenEnding: (terms) => `换句话说，这段文字讲的是${terms}，其中每一点都值得单独关注。`,
  flowStart: '开始',
  flowEnd: '结束',
  flowYes: '是',
  flowNo: '否',
  separator: '、',
  colon: '：',
  stop: '。',
  space: '',
};

const es: OfflinePhrases = {
  chatNote:
    'Modelo sin conexión de Parley: este servidor no tiene configurado ningún proveedor de IA, así que esta respuesta se calcula localmente a partir de tu conversación.',
  youWrote: 'Escribiste',
  words: 'Palabras',
  keyTerms: 'Términos clave',
  none: 'ninguno',
  relatedEarlier: 'Cosas relacionadas que dijiste antes',
  setup:
    'Para obtener respuestas reales de IA, configura `AI_BASE_URL` (cualquier endpoint compatible con OpenAI) y reinicia Parley.',
  documentsNote:
    'Modelo sin conexión de Parley: no hay proveedor de IA configurado, así que esta respuesta cita los pasajes de tus documentos que mejor responden a la pregunta.',
  noDocumentText: 'Los documentos no contienen texto que citar.',
  writingNote:
    'Modelo sin conexión de Parley: no hay proveedor de IA configurado, así que esta respuesta sale de tu propio texto.',
  selectionConcerns: 'Frases de la selección relacionadas con tu pregunta',
  selectionSummary: 'Resumen de la selección',
  questionTerms: 'Términos clave de tu pregunta',
  cannotTranslate: (target) =>
    `El modelo sin conexión de Parley no puede traducir${target ? ` al ${target}` : ''}: la traducción necesita un proveedor de IA. Configura AI_BASE_URL en el servidor para traducir este texto.`,
  lengthenEnding: (terms) =>
    `En otras palabras, este pasaje trata de ${terms}, y cada uno de estos puntos merece atención por sí mismo.`,
  flowStart: 'Inicio',
  flowEnd: 'Fin',
  flowYes: 'sí',
  flowNo: 'no',
  separator: ', ',
  colon: ':',
  stop: '.',
  space: ' ',
};

const PHRASES: Record<Language, OfflinePhrases> = { en, ar, zh, es };

export function offlinePhrases(language: Language = DEFAULT_LANGUAGE): OfflinePhrases {
  return PHRASES[language] ?? en;
}

/** "a, b and c" as the language writes a list. */
export function listInLanguage(items: string[], language: Language = DEFAULT_LANGUAGE): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
}
