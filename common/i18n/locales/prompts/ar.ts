// Saved prompts — Arabic.
import type { Localized } from '../localized';
import type { promptsEn } from './en';

export const promptsAr: Localized<typeof promptsEn> = {
  open: 'التعليمات',
  title: 'التعليمات المحفوظة',
  description: 'احتفظ بالتعليمات التي تستخدمها كثيرًا وأدرجها بنقرة واحدة.',
  count_zero: 'لا تعليمات',
  count_one: 'تعليمة واحدة',
  count_two: 'تعليمتان',
  count_few: '{{count}} تعليمات',
  count_many: '{{count}} تعليمةً',
  count_other: '{{count}} تعليمة',
  search: 'ابحث في التعليمات',
  recent: 'عمليات البحث الأخيرة',
  empty: 'لا توجد تعليمات محفوظة بعد.',
  noMatch: 'لا توجد تعليمة تطابق بحثك.',
  add: 'تعليمة جديدة',
  name: 'الاسم',
  content: 'التعليمة',
  save: 'حفظ',
  cancel: 'إلغاء',
  edit: 'تعديل',
  deleteConfirm: 'حذف «{{name}}»؟',
  deleteConfirmBody: 'يُحذف الموجّه من كل أجهزتك.',
  use: 'استخدام',
  pending: 'بانتظار المزامنة',
  nameCount: '{{count}}/{{max}}',
  errors: {
    nameRequired: 'يرجى إعطاء التعليمة اسمًا.',
    nameTooLong: 'يمكن أن يحتوي اسم التعليمة على 50 حرفًا على الأكثر.',
    contentRequired: 'يرجى كتابة التعليمة أولًا.',
    contentTooLong: 'يمكن أن تحتوي التعليمة على 16000 حرف على الأكثر.',
  },
};
