// "Read again" of a document — Arabic.
import type { ReadAgainResource } from './en';

export const readAgainAr: ReadAgainResource = {
  action: 'إعادة القراءة',
  hint: 'أعد قراءة هذا الملف بإعداداتك الحالية، مثلًا بعد تفعيل «قراءة الصفحات الممسوحة والصور» في الإعدادات ← المستندات.',
  reading: 'جارٍ إعادة القراءة…',
  done: 'أُعيدت القراءة. الصفحات التي فيها نص: {{now}} من {{pages}} (وكانت {{before}}).',
  failed: '{{reason}} النص المقروء من قبل باقٍ كما هو.',
  network: 'تعذّر الوصول إلى الخادم.',
};
