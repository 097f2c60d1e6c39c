// Server messages of downloading one's data and deleting one's account in each language, spread into the catalogue in index.ts.
export const accountEn = {
  'account.exportLinkExpired':
    'This download link has expired or is not valid. Ask for a new one in Settings.',
  'account.exportRunning': 'Your data is already being downloaded. Wait for that download to finish.',
  // The downloaded zip's own words (headings of a chat's Markdown, names of what has none), in the language
  // the download was asked for in.
  'account.exportYou': 'You',
  'account.exportUntitled': 'Untitled',
  'account.exportChat': 'Chat',
  'account.exportStandardModel': 'Standard',
  'account.deleteConfirmMismatch': 'Type the email of this account exactly to confirm. Nothing was deleted.',
  'account.deleteNeedsLogin': 'Only a signed-in account can be deleted. Log in first.',
  'account.deletePlanNotCancelled':
    'Your plan could not be cancelled with the payment provider, so nothing was deleted. Please try again in a moment.',
};
export const accountAr: Record<keyof typeof accountEn, string> = {
  'account.exportLinkExpired':
    'انتهت صلاحية رابط التنزيل هذا أو أنه غير صالح. اطلب رابطًا جديدًا من الإعدادات.',
  'account.exportRunning': 'يجري تنزيل بياناتك بالفعل. انتظر حتى ينتهي ذلك التنزيل.',
  'account.exportYou': 'أنت',
  'account.exportUntitled': 'بلا عنوان',
  'account.exportChat': 'محادثة',
  'account.exportStandardModel': 'قياسي',
  'account.deleteConfirmMismatch': 'اكتب البريد الإلكتروني لهذا الحساب كما هو للتأكيد. لم يُحذف شيء.',
  'account.deleteNeedsLogin': 'لا يمكن حذف إلا حساب مسجَّل الدخول. سجّل الدخول أولًا.',
  'account.deletePlanNotCancelled':
    'تعذّر إلغاء اشتراكك لدى مزوّد الدفع، لذا لم يُحذف شيء. يرجى المحاولة مرة أخرى بعد قليل.',
};
export const accountZh: Record<keyof typeof accountEn, string> = {
  'account.exportLinkExpired': '此下载链接已过期或无效。请在设置中重新获取。',
  'account.exportRunning': '你的数据正在下载中。请等待该下载完成。',
  'account.exportYou': '你',
  'account.exportUntitled': '无标题',
  'account.exportChat': '对话',
  'account.exportStandardModel': '标准',
  'account.deleteConfirmMismatch': '请准确输入此账户的邮箱以确认。没有删除任何内容。',
  'account.deleteNeedsLogin': '只有已登录的账户才能删除。请先登录。',
  'account.deletePlanNotCancelled': '无法在支付服务商处取消你的套餐，因此没有删除任何内容。请稍后再试。',
};
export const accountEs: Record<keyof typeof accountEn, string> = {
  'account.exportLinkExpired':
    'Este enlace de descarga ha caducado o no es válido. Pide uno nuevo en Ajustes.',
  'account.exportRunning': 'Tus datos ya se están descargando. Espera a que termine esa descarga.',
  'account.exportYou': 'Tú',
  'account.exportUntitled': 'Sin título',
  'account.exportChat': 'Chat',
  'account.exportStandardModel': 'Estándar',
  'account.deleteConfirmMismatch':
    'Escribe exactamente el correo de esta cuenta para confirmar. No se ha eliminado nada.',
  'account.deleteNeedsLogin':
    'Solo se puede eliminar una cuenta con la sesión iniciada. Inicia sesión primero.',
  'account.deletePlanNotCancelled':
    'No se pudo cancelar tu plan con el proveedor de pagos, así que no se ha eliminado nada. Inténtalo de nuevo en un momento.',
};
