// The voice assistant — Arabic.
import type { Localized } from '../localized';
import type { voiceEn } from './en';

export const voiceAr: Localized<typeof voiceEn> = {
  listen: 'انطق سؤالك',
  stopListening: 'إيقاف الاستماع',
  listening: 'جارٍ الاستماع…',
  readAloud: 'القراءة بصوت عالٍ',
  stopReading: 'إيقاف القراءة',
  errors: {
    notAllowed: 'لا يستطيع Parley استخدام الميكروفون. اسمح به من إعدادات الموقع في متصفحك ثم حاول مجددًا.',
    noSpeech: 'لم يُسمع أي كلام. حاول مجددًا واقترب قليلًا من الميكروفون.',
    network: 'تعذّر الوصول إلى خدمة التعرّف على الكلام في متصفحك. تحقّق من اتصالك أو اكتب سؤالك.',
    unsupported: 'لا يستطيع هذا المتصفح تحويل الكلام إلى نص. اكتب سؤالك بدلًا من ذلك.',
    other: 'توقّف الإدخال الصوتي على نحو غير متوقع. حاول مجددًا.',
    speak: 'لا يستطيع هذا المتصفح قراءة الإجابات بصوت عالٍ.',
  },
  feedback: {
    title: 'كيف كانت تجربة التحدث مع Parley؟',
    body: 'نطقتَ سؤالًا واستمعت إلى الإجابة. يساعد تقييمك القائمين على هذا الخادم في تحسين الصوت.',
    good: 'جيدة',
    bad: 'ليست جيدة',
    reasonsLabel: 'ما الذي لم يكن على ما يرام؟',
    reasons: {
      misheard: 'أساء فهم كلامي',
      voice: 'كان من الصعب متابعة الصوت',
      slow: 'كان بطيئًا جدًا',
      other: 'شيء آخر',
    },
    placeholder: 'هل من شيء آخر؟ (اختياري)',
    send: 'إرسال',
    notNow: 'ليس الآن',
    thanks: 'شكرًا لإخبارنا.',
    ratingRequired: 'اختر الإعجاب أو عدم الإعجاب أولًا.',
  },
};
