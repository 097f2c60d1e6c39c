// Server messages of the extras area (saved prompts, sharing, analytics, templates), spread into messages.ts.
export const extrasEn = {
  'prompt.tooMany': 'You can keep at most {{max}} saved prompts. Delete some to add new ones.',
  'analytics.badEvent': 'An analytics event is not valid.',
  'analytics.tooMany': 'At most 50 analytics events can be sent at once.',
  'analytics.adminOnly': 'This page is for operators of this server.',
  'share.notFound': 'This shared chat does not exist or is no longer shared.',
  'share.nothingToShare': 'This chat has no finished answer to share yet.',
  'share.loginToContinue': 'Log in to continue this conversation in a chat of your own.',
  'prompt.notFound': 'This prompt does not exist or is not yours.',
  'prompt.nameRequired': 'Please give the prompt a name.',
  'prompt.nameTooLong': 'A prompt name can have at most 50 characters.',
  'prompt.contentRequired': 'Please write the prompt first.',
  'prompt.contentTooLong': 'A prompt can have at most 16000 characters.',
};
type ExtrasKey = keyof typeof extrasEn;

export const extrasAr: Record<ExtrasKey, string> = {
  'prompt.tooMany': 'يمكنك الاحتفاظ بـ {{max}} تعليمة محفوظة على الأكثر. احذف بعضها لإضافة تعليمات جديدة.',
  'analytics.badEvent': 'حدث التحليلات غير صالح.',
  'analytics.tooMany': 'يمكن إرسال 50 حدثًا تحليليًا على الأكثر في المرة الواحدة.',
  'analytics.adminOnly': 'هذه الصفحة مخصصة لمشغلي هذا الخادم.',
  'share.notFound': 'هذه المحادثة المشتركة غير موجودة أو لم تعد مشتركة.',
  'share.nothingToShare': 'لا تحتوي هذه المحادثة على إجابة مكتملة لمشاركتها بعد.',
  'share.loginToContinue': 'سجّل الدخول لمتابعة هذه المحادثة في محادثة خاصة بك.',
  'prompt.notFound': 'هذه التعليمة غير موجودة أو ليست لك.',
  'prompt.nameRequired': 'يرجى إعطاء التعليمة اسمًا.',
  'prompt.nameTooLong': 'يمكن أن يحتوي اسم التعليمة على 50 حرفًا على الأكثر.',
  'prompt.contentRequired': 'يرجى كتابة التعليمة أولًا.',
  'prompt.contentTooLong': 'يمكن أن تحتوي التعليمة على 16000 حرف على الأكثر.',
};

export const extrasZh: Record<ExtrasKey, string> = {
  'prompt.tooMany': '最多只能保存 {{max}} 条提示词。请删除一些后再添加。',
  'analytics.badEvent': '分析事件无效。',
  'analytics.tooMany': '每次最多发送 50 个分析事件。',
  'analytics.adminOnly': '此页面仅供本服务器的运营者使用。',
  'share.notFound': '此分享的对话不存在或已停止分享。',
  'share.nothingToShare': '此对话还没有可分享的完整回答。',
  'share.loginToContinue': '登录后即可在你自己的对话中继续此对话。',
  'prompt.notFound': '此提示词不存在或不属于你。',
  'prompt.nameRequired': '请为提示词命名。',
  'prompt.nameTooLong': '提示词名称最多 50 个字符。',
  'prompt.contentRequired': '请先填写提示词内容。',
  'prompt.contentTooLong': '提示词内容最多 16000 个字符。',
};

export const extrasEs: Record<ExtrasKey, string> = {
  'prompt.tooMany': 'Puedes guardar como máximo {{max}} prompts. Elimina algunos para añadir otros nuevos.',
  'analytics.badEvent': 'Un evento de analítica no es válido.',
  'analytics.tooMany': 'Se pueden enviar como máximo 50 eventos de analítica a la vez.',
  'analytics.adminOnly': 'Esta página es para los operadores de este servidor.',
  'share.notFound': 'Este chat compartido no existe o ya no se comparte.',
  'share.nothingToShare': 'Este chat aún no tiene una respuesta terminada para compartir.',
  'share.loginToContinue': 'Inicia sesión para continuar esta conversación en un chat propio.',
  'prompt.notFound': 'Este prompt no existe o no es tuyo.',
  'prompt.nameRequired': 'Ponle un nombre al prompt.',
  'prompt.nameTooLong': 'El nombre de un prompt puede tener como máximo 50 caracteres.',
  'prompt.contentRequired': 'Escribe primero el prompt.',
  'prompt.contentTooLong': 'Un prompt puede tener como máximo 16000 caracteres.',
};
