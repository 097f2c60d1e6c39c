// Shared chats — Arabic.
import type { Localized } from '../localized';
import type { sharesEn } from './en';

export const sharesAr: Localized<typeof sharesEn> = {
  open: 'مشاركة',
  title: 'مشاركة هذه المحادثة',
  description:
    'يمكن لأي شخص لديه الرابط قراءة المحادثة كما هي الآن دون تسجيل الدخول. لا تتم مشاركة الرسائل اللاحقة.',
  create: 'إنشاء رابط',
  link: 'رابط المشاركة',
  copy: 'نسخ الرابط',
  revoke: 'إيقاف المشاركة',
  revokeTitle: 'إيقاف مشاركة هذا الرابط؟',
  revokeBody: 'كل من يفتحه سيُبلَّغ بأن المحادثة لم تعد مشاركة. تبقى محادثتك كما هي.',
  revoked: 'لم يعد الرابط يعمل.',
  sharedAt_zero: 'تمت المشاركة {{date}} · لا رسائل',
  sharedAt_one: 'تمت المشاركة {{date}} · رسالة واحدة',
  sharedAt_two: 'تمت المشاركة {{date}} · رسالتان',
  sharedAt_few: 'تمت المشاركة {{date}} · {{count}} رسائل',
  sharedAt_many: 'تمت المشاركة {{date}} · {{count}} رسالةً',
  sharedAt_other: 'تمت المشاركة {{date}} · {{count}} رسالة',
  close: 'إغلاق',
  loading: 'جارٍ تحميل المحادثة المشتركة…',
  notFound: 'هذه المحادثة المشتركة غير موجودة أو لم تعد مشتركة.',
  loadFailed: 'تعذر تحميل المحادثة المشتركة. تحقق من اتصالك وحاول مرة أخرى.',
  readOnly: 'محادثة مشتركة · للقراءة فقط',
  continue: 'متابعة هذه المحادثة',
  continueFailed: 'تعذرت متابعة المحادثة. يرجى المحاولة مرة أخرى.',
};
