// Server messages of plans and billing, in the four languages; merged into messages.ts.
const en = {
  'billing.provider.card': 'Card',
  'billing.provider.cardTest': 'Card (test mode)',
  'billing.provider.testWallet': 'Test wallet',
  'billing.provider.paypalSandbox': 'PayPal (sandbox)',
  'billing.noProvider': 'No payment provider is set up on this server.',
  'billing.unknownProduct': 'This plan is not for sale.',
  'billing.alreadyMember': 'You are already a member. Manage your plan in billing.',
  'billing.noTrial': 'The free trial is not available for this plan or this account.',
  'billing.couponInvalid': 'This discount is not available.',
  'billing.noCouponWithProvider':
    'This discount cannot be used with this payment method. Choose another payment method.',
  'billing.webhookSignature': 'The event signature could not be verified.',
  'billing.quotaDay': 'You have used all {{limit}} messages of your free plan today. Upgrade for more.',
  'billing.quotaMonth': 'You have used all {{limit}} messages of your plan this month. Upgrade for more.',
  'billing.noSubscription': 'There is no active subscription on this account.',
  'billing.alreadyCanceled': 'This subscription is already cancelled.',
  'billing.questionnaire': 'Please answer every question (and fill in the text where asked).',
  'billing.discountNotAllowed': 'This discount is not available for your subscription.',
  'billing.trialCannotUpgrade': 'A free trial cannot be upgraded. Subscribe after the trial instead.',
  'billing.notAnUpgrade': 'Choose a higher plan than your current one.',
  'billing.paymentFailed': 'The payment did not go through. Your plan has not changed.',
  'billing.providerUnavailable': 'The payment provider cannot be reached right now. Please try again later.',
  'billing.studentEmail': 'Please enter your school or university email address.',
  'billing.studentCode': 'The verification code does not match.',
};
export type BillingMessageKey = keyof typeof en;

const ar: Record<BillingMessageKey, string> = {
  'billing.provider.card': 'بطاقة',
  'billing.provider.cardTest': 'بطاقة (وضع الاختبار)',
  'billing.provider.testWallet': 'محفظة تجريبية',
  'billing.provider.paypalSandbox': 'PayPal (بيئة الاختبار)',
  'billing.noProvider': 'لم يتم إعداد أي مزود دفع على هذا الخادم.',
  'billing.unknownProduct': 'هذه الخطة غير معروضة للبيع.',
  'billing.alreadyMember': 'أنت عضو بالفعل. أدر خطتك من صفحة الفوترة.',
  'billing.noTrial': 'التجربة المجانية غير متاحة لهذه الخطة أو لهذا الحساب.',
  'billing.couponInvalid': 'هذا الخصم غير متاح.',
  'billing.noCouponWithProvider': 'لا يمكن استخدام هذا الخصم مع طريقة الدفع هذه. اختر طريقة دفع أخرى.',
  'billing.webhookSignature': 'تعذر التحقق من توقيع الحدث.',
  'billing.quotaDay': 'لقد استخدمت كل رسائل خطتك المجانية اليوم ({{limit}}). قم بالترقية للمزيد.',
  'billing.quotaMonth': 'لقد استخدمت كل رسائل خطتك هذا الشهر ({{limit}}). قم بالترقية للمزيد.',
  'billing.noSubscription': 'لا يوجد اشتراك نشط في هذا الحساب.',
  'billing.alreadyCanceled': 'تم إلغاء هذا الاشتراك بالفعل.',
  'billing.questionnaire': 'يرجى الإجابة عن كل الأسئلة (وكتابة النص حيث يُطلب).',
  'billing.discountNotAllowed': 'هذا الخصم غير متاح لاشتراكك.',
  'billing.trialCannotUpgrade': 'لا يمكن ترقية التجربة المجانية. اشترك بعد انتهاء التجربة.',
  'billing.notAnUpgrade': 'اختر خطة أعلى من خطتك الحالية.',
  'billing.paymentFailed': 'لم تتم عملية الدفع. لم تتغير خطتك.',
  'billing.providerUnavailable': 'لا يمكن الوصول إلى مزود الدفع الآن. يرجى المحاولة لاحقًا.',
  'billing.studentEmail': 'يرجى إدخال بريدك الإلكتروني الجامعي أو المدرسي.',
  'billing.studentCode': 'رمز التحقق غير مطابق.',
};

const zh: Record<BillingMessageKey, string> = {
  'billing.provider.card': '银行卡',
  'billing.provider.cardTest': '银行卡（测试模式）',
  'billing.provider.testWallet': '测试钱包',
  'billing.provider.paypalSandbox': 'PayPal（沙盒）',
  'billing.noProvider': '此服务器未配置任何支付服务商。',
  'billing.unknownProduct': '该套餐不在售。',
  'billing.alreadyMember': '你已经是会员。请在账单中管理你的套餐。',
  'billing.noTrial': '该套餐或该账户无法使用免费试用。',
  'billing.couponInvalid': '该折扣不可用。',
  'billing.noCouponWithProvider': '此折扣不能用于该支付方式，请选择其他支付方式。',
  'billing.webhookSignature': '无法验证事件签名。',
  'billing.quotaDay': '你今天已用完免费套餐的全部 {{limit}} 条消息。升级以获取更多。',
  'billing.quotaMonth': '你本月已用完套餐的全部 {{limit}} 条消息。升级以获取更多。',
  'billing.noSubscription': '此账户没有有效的订阅。',
  'billing.alreadyCanceled': '该订阅已取消。',
  'billing.questionnaire': '请回答所有问题（并在需要处填写文字）。',
  'billing.discountNotAllowed': '你的订阅无法使用该折扣。',
  'billing.trialCannotUpgrade': '免费试用无法升级。请在试用结束后订阅。',
  'billing.notAnUpgrade': '请选择比当前更高的套餐。',
  'billing.paymentFailed': '付款未成功。你的套餐没有变化。',
  'billing.providerUnavailable': '暂时无法连接支付服务商，请稍后再试。',
  'billing.studentEmail': '请输入你的学校或大学邮箱地址。',
  'billing.studentCode': '验证码不匹配。',
};

const es: Record<BillingMessageKey, string> = {
  'billing.provider.card': 'Tarjeta',
  'billing.provider.cardTest': 'Tarjeta (modo de prueba)',
  'billing.provider.testWallet': 'Monedero de prueba',
  'billing.provider.paypalSandbox': 'PayPal (entorno de pruebas)',
  'billing.noProvider': 'No hay ningún proveedor de pago configurado en este servidor.',
  'billing.unknownProduct': 'Este plan no está a la venta.',
  'billing.alreadyMember': 'Ya eres miembro. Gestiona tu plan en facturación.',
  'billing.noTrial': 'La prueba gratuita no está disponible para este plan o esta cuenta.',
  'billing.couponInvalid': 'Este descuento no está disponible.',
  'billing.noCouponWithProvider':
    'Este descuento no se puede usar con este método de pago. Elige otro método de pago.',
  'billing.webhookSignature': 'No se pudo verificar la firma del evento.',
  'billing.quotaDay':
    'Has usado hoy los {{limit}} mensajes de tu plan gratuito. Mejora tu plan para tener más.',
  'billing.quotaMonth':
    'Has usado este mes los {{limit}} mensajes de tu plan. Mejora tu plan para tener más.',
  'billing.noSubscription': 'Esta cuenta no tiene ninguna suscripción activa.',
  'billing.alreadyCanceled': 'Esta suscripción ya está cancelada.',
  'billing.questionnaire': 'Responde a todas las preguntas (y escribe el texto donde se pide).',
  'billing.discountNotAllowed': 'Este descuento no está disponible para tu suscripción.',
  'billing.trialCannotUpgrade': 'Una prueba gratuita no se puede mejorar. Suscríbete al terminar la prueba.',
  'billing.notAnUpgrade': 'Elige un plan superior al actual.',
  'billing.paymentFailed': 'El pago no se completó. Tu plan no ha cambiado.',
  'billing.providerUnavailable': 'No se puede contactar con el proveedor de pago. Inténtalo más tarde.',
  'billing.studentEmail': 'Introduce tu correo electrónico de la escuela o universidad.',
  'billing.studentCode': 'El código de verificación no coincide.',
};

export const billingMessages = { en, ar, zh, es };

/** What each plan adds, as the upgrade picker lists it (by membership id: monthly Pro, Pro+, Unlimited). */
export const planFeatures: Record<keyof typeof billingMessages, Record<number, string[]>> = {
  en: {
    1: ['3000 Standard messages a month', '300 advanced-model messages a month', 'Document chat: 100 files'],
    6: ['6000 Standard messages a month', '1000 advanced-model messages a month', 'Document chat: 300 files'],
    4: ['Unlimited messages on every model', 'Unlimited document chat', 'Priority answers'],
  },
  ar: {
    1: [
      '3000 رسالة بالنموذج القياسي شهريًا',
      '300 رسالة بالنماذج المتقدمة شهريًا',
      'الدردشة مع المستندات: 100 ملف',
    ],
    6: [
      '6000 رسالة بالنموذج القياسي شهريًا',
      '1000 رسالة بالنماذج المتقدمة شهريًا',
      'الدردشة مع المستندات: 300 ملف',
    ],
    4: ['رسائل غير محدودة على كل النماذج', 'دردشة غير محدودة مع المستندات', 'أولوية في الإجابات'],
  },
  zh: {
    1: ['每月 3000 条标准消息', '每月 300 条高级模型消息', '文档对话：100 个文件'],
    6: ['每月 6000 条标准消息', '每月 1000 条高级模型消息', '文档对话：300 个文件'],
    4: ['所有模型消息无限量', '文档对话无限量', '优先回答'],
  },
  es: {
    1: [
      '3000 mensajes Estándar al mes',
      '300 mensajes con modelos avanzados al mes',
      'Chat con documentos: 100 archivos',
    ],
    6: [
      '6000 mensajes Estándar al mes',
      '1000 mensajes con modelos avanzados al mes',
      'Chat con documentos: 300 archivos',
    ],
    4: [
      'Mensajes ilimitados en todos los modelos',
      'Chat con documentos ilimitado',
      'Respuestas prioritarias',
    ],
  },
};
