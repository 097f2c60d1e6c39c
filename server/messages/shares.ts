// Server messages of shared chats in each language, spread into the catalogue in index.ts.
export const sharesEn = {
  'share.notFound': 'This shared chat does not exist or is no longer shared.',
  'share.nothingToShare': 'This chat has no finished answer to share yet.',
  'share.loginToContinue': 'Log in to continue this conversation in a chat of your own.',
};
export const sharesAr: Record<keyof typeof sharesEn, string> = {
  'share.notFound': 'هذه المحادثة المشتركة غير موجودة أو لم تعد مشتركة.',
  'share.nothingToShare': 'لا تحتوي هذه المحادثة على إجابة مكتملة لمشاركتها بعد.',
  'share.loginToContinue': 'سجّل الدخول لمتابعة هذه المحادثة في محادثة خاصة بك.',
};
export const sharesZh: Record<keyof typeof sharesEn, string> = {
  'share.notFound': '此分享的对话不存在或已停止分享。',
  'share.nothingToShare': '此对话还没有可分享的完整回答。',
  'share.loginToContinue': '登录后即可在你自己的对话中继续此对话。',
};
export const sharesEs: Record<keyof typeof sharesEn, string> = {
  'share.notFound': 'Este chat compartido no existe o ya no se comparte.',
  'share.nothingToShare': 'Este chat aún no tiene una respuesta terminada para compartir.',
  'share.loginToContinue': 'Inicia sesión para continuar esta conversación en un chat propio.',
};
