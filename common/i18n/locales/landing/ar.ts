// The home page: templates and recommended questions — Arabic.
import type { Localized } from '../localized';
import type { landingEn } from './en';

export const landingAr: Localized<typeof landingEn> = {
  templates: {
    title: 'القوالب',
    loading: 'جارٍ تحميل القوالب…',
    failed: 'تعذر تحميل القوالب الآن.',
    tabs: { Mine: 'قوالبي', Recommended: 'مقترحة', All: 'الكل', MyProject: 'مشاريعي', ppt: 'عروض تقديمية' },
    empty: {
      Mine: 'تظهر تعليماتك المحفوظة هنا.',
      Recommended: 'لا توجد قوالب مقترحة.',
      All: 'لا توجد قوالب.',
      MyProject: 'يظهر هنا ما تنشئه بالذكاء الاصطناعي (مستندات، عروض تقديمية).',
      ppt: 'لا توجد قوالب عروض تقديمية.',
    },
    icon: { publicity: 'دعاية', research: 'بحث', tool: 'أداة' },
  },
};
