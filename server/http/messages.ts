// Server messages in the caller's language (the `language` header). Keys are stable; clients may also map
// codes to their own text, but a caller without a client still reads a clear message.
import { DEFAULT_LANGUAGE, type Language } from '../../src/api/contract.js';

const en = {
  'common.badRequest': 'The request is not valid.',
  'common.serverError': 'Something went wrong on the server. Please try again.',
  'common.tooManyRequests': 'Too many requests. Please wait a moment and try again.',
  'auth.required': 'Please log in or refresh the page to continue.',
  'auth.signInvalid': 'This visit could not be verified. Please reload the page.',
  'auth.signExpired': 'This visit has expired. Please reload the page.',
  'auth.signReused': 'This visit was already used. Please reload the page.',
  'channel.notFound': 'This chat does not exist or is not yours.',
  'channel.nameRequired': 'A chat name cannot be empty.',
  'channel.nameTooLong': 'A chat name can have at most 200 characters.',
  'chat.messageRequired': 'Type a message first.',
  'chat.messageTooLong': 'The message is too long.',
  'chat.guestModel': 'Guests can use only the Standard model. Log in to choose another model.',
  'chat.proModel': 'This model is for paid members.',
  'chat.unknownModel': 'This model is not available.',
  'chat.requestConflict': 'This request id is already in use.',
  'chat.nothingToRegenerate': 'There is no message to answer again.',
  'chat.providerError': 'The AI provider failed to answer: {{detail}}',
  'chat.streamNotFound': 'This answer cannot be resumed.',
  'message.notFound': 'This message does not exist or is not yours.',
  'auth.emailInvalid': 'Please enter a valid email address.',
  'auth.resendTooSoon': 'A code was just sent. Please wait a minute before asking for another.',
  'auth.codeFormat': 'The code is 6 digits.',
  'connector.driveNeedsOAuth':
    'Google Drive connects through Google sign-in, which is not configured on this server.',
  'upload.md5Invalid': 'The file fingerprint (md5) must be 32 hexadecimal characters.',
  'upload.bucketUnknown': 'This storage bucket is not available.',
};
type Key = keyof typeof en;

const ar: Record<Key, string> = {
  'common.badRequest': 'الطلب غير صالح.',
  'common.serverError': 'حدث خطأ في الخادم. يرجى المحاولة مرة أخرى.',
  'common.tooManyRequests': 'طلبات كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  'auth.required': 'يرجى تسجيل الدخول أو تحديث الصفحة للمتابعة.',
  'auth.signInvalid': 'تعذر التحقق من هذه الزيارة. يرجى إعادة تحميل الصفحة.',
  'auth.signExpired': 'انتهت صلاحية هذه الزيارة. يرجى إعادة تحميل الصفحة.',
  'auth.signReused': 'تم استخدام هذه الزيارة من قبل. يرجى إعادة تحميل الصفحة.',
  'channel.notFound': 'هذه المحادثة غير موجودة أو ليست لك.',
  'channel.nameRequired': 'لا يمكن أن يكون اسم المحادثة فارغًا.',
  'channel.nameTooLong': 'يمكن أن يحتوي اسم المحادثة على 200 حرف على الأكثر.',
  'chat.messageRequired': 'اكتب رسالة أولًا.',
  'chat.messageTooLong': 'الرسالة طويلة جدًا.',
  'chat.guestModel': 'يمكن للضيوف استخدام النموذج القياسي فقط. سجّل الدخول لاختيار نموذج آخر.',
  'chat.proModel': 'هذا النموذج مخصص للأعضاء المشتركين.',
  'chat.unknownModel': 'هذا النموذج غير متاح.',
  'chat.requestConflict': 'معرّف الطلب هذا مستخدم بالفعل.',
  'chat.nothingToRegenerate': 'لا توجد رسالة للإجابة عليها مرة أخرى.',
  'chat.providerError': 'فشل مزود الذكاء الاصطناعي في الإجابة: {{detail}}',
  'chat.streamNotFound': 'لا يمكن استئناف هذه الإجابة.',
  'message.notFound': 'هذه الرسالة غير موجودة أو ليست لك.',
  'auth.emailInvalid': 'يرجى إدخال بريد إلكتروني صالح.',
  'auth.resendTooSoon': 'تم إرسال رمز للتو. يرجى الانتظار دقيقة قبل طلب رمز آخر.',
  'auth.codeFormat': 'الرمز مكوّن من 6 أرقام.',
  'connector.driveNeedsOAuth': 'يتصل Google Drive عبر تسجيل الدخول بحساب Google، وهو غير مُعد على هذا الخادم.',
  'upload.md5Invalid': 'يجب أن تتكون بصمة الملف (md5) من 32 حرفًا ست عشريًا.',
  'upload.bucketUnknown': 'حاوية التخزين هذه غير متاحة.',
};

const zh: Record<Key, string> = {
  'common.badRequest': '请求无效。',
  'common.serverError': '服务器出错了，请重试。',
  'common.tooManyRequests': '请求过多，请稍后再试。',
  'auth.required': '请登录或刷新页面以继续。',
  'auth.signInvalid': '无法验证此次访问，请重新加载页面。',
  'auth.signExpired': '此次访问已过期，请重新加载页面。',
  'auth.signReused': '此次访问已被使用，请重新加载页面。',
  'channel.notFound': '此对话不存在或不属于你。',
  'channel.nameRequired': '对话名称不能为空。',
  'channel.nameTooLong': '对话名称最多 200 个字符。',
  'chat.messageRequired': '请先输入消息。',
  'chat.messageTooLong': '消息太长了。',
  'chat.guestModel': '访客只能使用 Standard 模型。登录后可选择其他模型。',
  'chat.proModel': '此模型仅供付费会员使用。',
  'chat.unknownModel': '此模型不可用。',
  'chat.requestConflict': '此请求 ID 已被使用。',
  'chat.nothingToRegenerate': '没有可以重新回答的消息。',
  'chat.providerError': 'AI 服务未能回答：{{detail}}',
  'chat.streamNotFound': '无法继续此回答。',
  'message.notFound': '此消息不存在或不属于你。',
  'auth.emailInvalid': '请输入有效的电子邮件地址。',
  'auth.resendTooSoon': '验证码刚刚已发送，请等待一分钟后再试。',
  'auth.codeFormat': '验证码为 6 位数字。',
  'connector.driveNeedsOAuth': 'Google Drive 需要通过 Google 登录连接，此服务器尚未配置。',
  'upload.md5Invalid': '文件指纹（md5）必须是 32 位十六进制字符。',
  'upload.bucketUnknown': '此存储桶不可用。',
};

const es: Record<Key, string> = {
  'common.badRequest': 'La solicitud no es válida.',
  'common.serverError': 'Algo salió mal en el servidor. Inténtalo de nuevo.',
  'common.tooManyRequests': 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  'auth.required': 'Inicia sesión o recarga la página para continuar.',
  'auth.signInvalid': 'No se pudo verificar esta visita. Recarga la página.',
  'auth.signExpired': 'Esta visita ha caducado. Recarga la página.',
  'auth.signReused': 'Esta visita ya se utilizó. Recarga la página.',
  'channel.notFound': 'Este chat no existe o no es tuyo.',
  'channel.nameRequired': 'El nombre del chat no puede estar vacío.',
  'channel.nameTooLong': 'El nombre del chat puede tener como máximo 200 caracteres.',
  'chat.messageRequired': 'Escribe un mensaje primero.',
  'chat.messageTooLong': 'El mensaje es demasiado largo.',
  'chat.guestModel':
    'Los invitados solo pueden usar el modelo Standard. Inicia sesión para elegir otro modelo.',
  'chat.proModel': 'Este modelo es para miembros de pago.',
  'chat.unknownModel': 'Este modelo no está disponible.',
  'chat.requestConflict': 'Este identificador de solicitud ya está en uso.',
  'chat.nothingToRegenerate': 'No hay ningún mensaje que responder de nuevo.',
  'chat.providerError': 'El proveedor de IA no pudo responder: {{detail}}',
  'chat.streamNotFound': 'Esta respuesta no se puede reanudar.',
  'message.notFound': 'Este mensaje no existe o no es tuyo.',
  'auth.emailInvalid': 'Introduce una dirección de correo válida.',
  'auth.resendTooSoon': 'Acabamos de enviar un código. Espera un minuto antes de pedir otro.',
  'auth.codeFormat': 'El código tiene 6 dígitos.',
  'connector.driveNeedsOAuth':
    'Google Drive se conecta con el inicio de sesión de Google, que no está configurado en este servidor.',
  'upload.md5Invalid': 'La huella del archivo (md5) debe tener 32 caracteres hexadecimales.',
  'upload.bucketUnknown': 'Este contenedor de almacenamiento no está disponible.',
};

const catalogs: Record<Language, Record<Key, string>> = { en, ar, zh, es };
export type MessageKey = Key;

export function isMessageKey(key: string): key is MessageKey {
  return key in en;
}

export function translate(language: Language, key: MessageKey, params: Record<string, string> = {}): string {
  const template = catalogs[language]?.[key] ?? catalogs[DEFAULT_LANGUAGE][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
