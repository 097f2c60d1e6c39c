// Server messages of the extras area (saved prompts, sharing, analytics, templates), spread into messages.ts.
export const extrasEn = {
  'prompt.notFound': 'This prompt does not exist or is not yours.',
  'prompt.nameRequired': 'Please give the prompt a name.',
  'prompt.nameTooLong': 'A prompt name can have at most 50 characters.',
  'prompt.contentRequired': 'Please write the prompt first.',
  'prompt.contentTooLong': 'A prompt can have at most 16000 characters.',
};
type ExtrasKey = keyof typeof extrasEn;

export const extrasAr: Record<ExtrasKey, string> = {
  'prompt.notFound': 'هذه التعليمة غير موجودة أو ليست لك.',
  'prompt.nameRequired': 'يرجى إعطاء التعليمة اسمًا.',
  'prompt.nameTooLong': 'يمكن أن يحتوي اسم التعليمة على 50 حرفًا على الأكثر.',
  'prompt.contentRequired': 'يرجى كتابة التعليمة أولًا.',
  'prompt.contentTooLong': 'يمكن أن تحتوي التعليمة على 16000 حرف على الأكثر.',
};

export const extrasZh: Record<ExtrasKey, string> = {
  'prompt.notFound': '此提示词不存在或不属于你。',
  'prompt.nameRequired': '请为提示词命名。',
  'prompt.nameTooLong': '提示词名称最多 50 个字符。',
  'prompt.contentRequired': '请先填写提示词内容。',
  'prompt.contentTooLong': '提示词内容最多 16000 个字符。',
};

export const extrasEs: Record<ExtrasKey, string> = {
  'prompt.notFound': 'Este prompt no existe o no es tuyo.',
  'prompt.nameRequired': 'Ponle un nombre al prompt.',
  'prompt.nameTooLong': 'El nombre de un prompt puede tener como máximo 50 caracteres.',
  'prompt.contentRequired': 'Escribe primero el prompt.',
  'prompt.contentTooLong': 'Un prompt puede tener como máximo 16000 caracteres.',
};
