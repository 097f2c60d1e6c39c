// Server messages of saved prompts in each language, spread into the catalogue in index.ts.
export const promptsEn = {
  'prompt.tooMany': 'You can keep at most {{max}} saved prompts. Delete some to add new ones.',
  'prompt.notFound': 'This prompt does not exist or is not yours.',
  'prompt.nameRequired': 'Please give the prompt a name.',
  'prompt.nameTooLong': 'A prompt name can have at most 50 characters.',
  'prompt.contentRequired': 'Please write the prompt first.',
  'prompt.contentTooLong': 'A prompt can have at most 16000 characters.',
};
export const promptsAr: Record<keyof typeof promptsEn, string> = {
  'prompt.tooMany': 'يمكنك الاحتفاظ بـ {{max}} تعليمة محفوظة على الأكثر. احذف بعضها لإضافة تعليمات جديدة.',
  'prompt.notFound': 'هذه التعليمة غير موجودة أو ليست لك.',
  'prompt.nameRequired': 'يرجى إعطاء التعليمة اسمًا.',
  'prompt.nameTooLong': 'يمكن أن يحتوي اسم التعليمة على 50 حرفًا على الأكثر.',
  'prompt.contentRequired': 'يرجى كتابة التعليمة أولًا.',
  'prompt.contentTooLong': 'يمكن أن تحتوي التعليمة على 16000 حرف على الأكثر.',
};
export const promptsZh: Record<keyof typeof promptsEn, string> = {
  'prompt.tooMany': '最多只能保存 {{max}} 条提示词。请删除一些后再添加。',
  'prompt.notFound': '此提示词不存在或不属于你。',
  'prompt.nameRequired': '请为提示词命名。',
  'prompt.nameTooLong': '提示词名称最多 50 个字符。',
  'prompt.contentRequired': '请先填写提示词内容。',
  'prompt.contentTooLong': '提示词内容最多 16000 个字符。',
};
export const promptsEs: Record<keyof typeof promptsEn, string> = {
  'prompt.tooMany': 'Puedes guardar como máximo {{max}} prompts. Elimina algunos para añadir otros nuevos.',
  'prompt.notFound': 'Este prompt no existe o no es tuyo.',
  'prompt.nameRequired': 'Ponle un nombre al prompt.',
  'prompt.nameTooLong': 'El nombre de un prompt puede tener como máximo 50 caracteres.',
  'prompt.contentRequired': 'Escribe primero el prompt.',
  'prompt.contentTooLong': 'Un prompt puede tener como máximo 16000 caracteres.',
};
