// The test provider's pages in the four languages (?lang= from the checkout link Parley hands out).
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/contract/index.js';

const en = {
  note: 'Parley test payments: no real money moves.',
  checkout: 'Checkout',
  notFound: 'This checkout does not exist.',
  checkoutExpired: 'This checkout has expired. Start again from Parley.',
  alreadyPaid: 'Already paid',
  replaced: 'This checkout was replaced by a newer one and can no longer be paid.',
  back: 'Back to Parley',
  monthly: 'monthly',
  yearly: 'yearly',
  per: { month: 'month', year: 'year' },
  trial: 'Free for {{days}} days, then billed yearly. Cancel any time.',
  card: 'Card number',
  pay: 'Pay',
  startTrial: 'Start trial',
  cancel: 'Cancel',
  cards:
    'Test cards: {{ok}} succeeds, {{declined}} is declined, {{secure}} asks for 3-D Secure, {{renewal}} pays now but its renewals fail. Any expiry and CVC.',
  notTestCard: 'This is not a test card. Use one of the cards listed below.',
  declined: 'Your card was declined. Try another card.',
  secureFailed: '3-D Secure authentication failed. The payment was not taken.',
  nothingToConfirm: 'There is nothing to confirm here.',
  confirmTitle: 'Confirm this payment',
  confirmBody: 'Your bank asks you to confirm this payment (3-D Secure test).',
  approve: 'Approve',
  fail: 'Fail',
  portal: 'Billing portal (test)',
  portalBody:
    'Invoices are not kept. A new card pays the next charges; an unpaid renewal is charged again at once.',
  updateCard: 'Update card',
  cardUpdated: 'Your card was updated.',
  wallet: 'Test wallet',
  walletPortalBody:
    'Payments come from your test wallet; there is no card to update. To stop them, cancel the plan in Parley.',
  walletIntro: 'Parley asks to set up automatic payments from your test wallet:',
  walletUpgrade: 'Parley asks to change your plan to:',
  approvePay: 'Approve and pay',
  approveTrial: 'Approve and start trial',
  linkExpired: 'This billing link has expired or is not valid. Open Manage billing in Parley again.',
};
type Strings = typeof en;

const ar: Strings = {
  note: 'مدفوعات بارلي التجريبية: لا تنتقل أي أموال حقيقية.',
  checkout: 'الدفع',
  notFound: 'صفحة الدفع هذه غير موجودة.',
  checkoutExpired: 'انتهت صلاحية صفحة الدفع هذه. ابدأ من جديد من Parley.',
  alreadyPaid: 'تم الدفع بالفعل',
  replaced: 'استُبدلت صفحة الدفع هذه بصفحة أحدث ولم يعد الدفع فيها ممكنًا.',
  back: 'العودة إلى بارلي',
  monthly: 'شهري',
  yearly: 'سنوي',
  per: { month: 'شهر', year: 'سنة' },
  trial: 'مجانًا لمدة {{days}} أيام، ثم يُدفع سنويًا. يمكنك الإلغاء في أي وقت.',
  card: 'رقم البطاقة',
  pay: 'ادفع',
  startTrial: 'ابدأ التجربة',
  cancel: 'إلغاء',
  cards:
    'بطاقات الاختبار: {{ok}} تنجح، {{declined}} تُرفض، {{secure}} تطلب التحقق 3-D Secure، {{renewal}} تدفع الآن لكن تجديداتها تفشل. أي تاريخ انتهاء ورمز CVC.',
  notTestCard: 'هذه ليست بطاقة اختبار. استخدم إحدى البطاقات المذكورة أدناه.',
  declined: 'تم رفض بطاقتك. جرّب بطاقة أخرى.',
  secureFailed: 'فشل التحقق 3-D Secure. لم يتم خصم المبلغ.',
  nothingToConfirm: 'لا يوجد ما يمكن تأكيده هنا.',
  confirmTitle: 'أكّد هذه الدفعة',
  confirmBody: 'يطلب منك البنك تأكيد هذه الدفعة (اختبار 3-D Secure).',
  approve: 'موافقة',
  fail: 'رفض',
  portal: 'بوابة الفوترة (اختبار)',
  portalBody:
    'لا يتم الاحتفاظ بالفواتير. البطاقة الجديدة تدفع الرسوم التالية، ويُعاد خصم أي تجديد غير مدفوع فورًا.',
  updateCard: 'تحديث البطاقة',
  cardUpdated: 'تم تحديث بطاقتك.',
  wallet: 'المحفظة التجريبية',
  walletPortalBody:
    'تُدفع المبالغ من محفظتك التجريبية، ولا توجد بطاقة لتحديثها. لإيقافها ألغِ الخطة في Parley.',
  walletIntro: 'يطلب بارلي إعداد مدفوعات تلقائية من محفظتك التجريبية:',
  walletUpgrade: 'يطلب بارلي تغيير خطتك إلى:',
  approvePay: 'موافقة ودفع',
  approveTrial: 'موافقة وبدء التجربة',
  linkExpired: 'انتهت صلاحية رابط الفوترة هذا أو أنه غير صالح. افتح «إدارة الفوترة» في Parley مرة أخرى.',
};

const zh: Strings = {
  note: 'Parley 测试支付：不会产生真实扣款。',
  checkout: '结账',
  notFound: '该结账页面不存在。',
  checkoutExpired: '此结账页面已过期。请从 Parley 重新开始。',
  alreadyPaid: '已付款',
  replaced: '此结账已被新的结账取代，无法再付款。',
  back: '返回 Parley',
  monthly: '月付',
  yearly: '年付',
  per: { month: '月', year: '年' },
  trial: '免费 {{days}} 天，之后按年付费。可随时取消。',
  card: '卡号',
  pay: '付款',
  startTrial: '开始试用',
  cancel: '取消',
  cards:
    '测试卡：{{ok}} 付款成功，{{declined}} 被拒绝，{{secure}} 需要 3-D Secure 验证，{{renewal}} 首次付款成功但续费失败。有效期和 CVC 任意。',
  notTestCard: '这不是测试卡。请使用下面列出的卡。',
  declined: '你的卡被拒绝。请换一张卡。',
  secureFailed: '3-D Secure 验证失败，未扣款。',
  nothingToConfirm: '这里没有需要确认的内容。',
  confirmTitle: '确认这笔付款',
  confirmBody: '你的银行要求你确认这笔付款（3-D Secure 测试）。',
  approve: '确认',
  fail: '失败',
  portal: '账单门户（测试）',
  portalBody: '不保存发票。新卡用于之后的扣款；未付款的续费会立即重新扣款。',
  updateCard: '更新卡片',
  cardUpdated: '你的卡片已更新。',
  wallet: '测试钱包',
  walletPortalBody: '款项从你的测试钱包支付，没有需要更新的卡。如需停止，请在 Parley 中取消方案。',
  walletIntro: 'Parley 请求从你的测试钱包设置自动付款：',
  walletUpgrade: 'Parley 请求将你的套餐更改为：',
  approvePay: '同意并付款',
  approveTrial: '同意并开始试用',
  linkExpired: '此账单链接已过期或无效。请在 Parley 中重新打开“管理账单”。',
};

const es: Strings = {
  note: 'Pagos de prueba de Parley: no se mueve dinero real.',
  checkout: 'Pago',
  notFound: 'Este pago no existe.',
  checkoutExpired: 'Este pago caducó. Vuelve a empezar desde Parley.',
  alreadyPaid: 'Ya pagado',
  replaced: 'Este pago fue sustituido por uno más reciente y ya no se puede pagar.',
  back: 'Volver a Parley',
  monthly: 'mensual',
  yearly: 'anual',
  per: { month: 'mes', year: 'año' },
  trial: 'Gratis durante {{days}} días y después facturación anual. Cancela cuando quieras.',
  card: 'Número de tarjeta',
  pay: 'Pagar',
  startTrial: 'Empezar la prueba',
  cancel: 'Cancelar',
  cards:
    'Tarjetas de prueba: {{ok}} se acepta, {{declined}} se rechaza, {{secure}} pide 3-D Secure, {{renewal}} paga ahora pero sus renovaciones fallan. Cualquier caducidad y CVC.',
  notTestCard: 'Esta no es una tarjeta de prueba. Usa una de las tarjetas de abajo.',
  declined: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.',
  secureFailed: 'La autenticación 3-D Secure falló. No se realizó el cobro.',
  nothingToConfirm: 'No hay nada que confirmar aquí.',
  confirmTitle: 'Confirma este pago',
  confirmBody: 'Tu banco te pide que confirmes este pago (prueba de 3-D Secure).',
  approve: 'Aprobar',
  fail: 'Fallar',
  portal: 'Portal de facturación (prueba)',
  portalBody:
    'No se guardan facturas. Una tarjeta nueva paga los próximos cobros; una renovación impagada se vuelve a cobrar al momento.',
  updateCard: 'Actualizar tarjeta',
  cardUpdated: 'Tu tarjeta se actualizó.',
  wallet: 'Monedero de prueba',
  walletPortalBody:
    'Los pagos salen de tu monedero de prueba; no hay tarjeta que actualizar. Para detenerlos, cancela el plan en Parley.',
  walletIntro: 'Parley pide configurar pagos automáticos desde tu monedero de prueba:',
  walletUpgrade: 'Parley pide cambiar tu plan a:',
  approvePay: 'Aprobar y pagar',
  approveTrial: 'Aprobar y empezar la prueba',
  linkExpired:
    'Este enlace de facturación caducó o no es válido. Vuelve a abrir Gestionar facturación en Parley.',
};

export const pageCatalogs: Record<Language, Strings> = { en, ar, zh, es };
export type PageStrings = Strings;
export const pageStrings = (lang: string | undefined): { lang: Language; s: Strings } => {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  return { lang: language, s: pageCatalogs[language] };
};
export const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
