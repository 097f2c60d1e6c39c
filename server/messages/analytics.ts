// Server messages of analytics in each language, spread into the catalogue in index.ts.
export const analyticsEn = {
  'analytics.badEvent': 'An analytics event is not valid.',
  'analytics.tooMany': 'At most 50 analytics events can be sent at once.',
  'analytics.adminOnly': 'This page is for operators of this server.',
};
export const analyticsAr: Record<keyof typeof analyticsEn, string> = {
  'analytics.badEvent': 'حدث التحليلات غير صالح.',
  'analytics.tooMany': 'يمكن إرسال 50 حدثًا تحليليًا على الأكثر في المرة الواحدة.',
  'analytics.adminOnly': 'هذه الصفحة مخصصة لمشغلي هذا الخادم.',
};
export const analyticsZh: Record<keyof typeof analyticsEn, string> = {
  'analytics.badEvent': '分析事件无效。',
  'analytics.tooMany': '每次最多发送 50 个分析事件。',
  'analytics.adminOnly': '此页面仅供本服务器的运营者使用。',
};
export const analyticsEs: Record<keyof typeof analyticsEn, string> = {
  'analytics.badEvent': 'Un evento de analítica no es válido.',
  'analytics.tooMany': 'Se pueden enviar como máximo 50 eventos de analítica a la vez.',
  'analytics.adminOnly': 'Esta página es para los operadores de este servidor.',
};
