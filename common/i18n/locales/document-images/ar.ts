// The Images view of document chat (pictures found in documents) — Arabic.
import type { Localized } from '../localized';
import type { documentImagesEn } from './en';

export const documentImagesAr: Localized<typeof documentImagesEn> = {
  pagesTab: 'المستند',
  imagesTab: 'الصور',
  views: 'طرق عرض المستند',
  loading: 'جارٍ البحث عن الصور في هذا المستند…',
  none: 'لم يُعثر على صور في هذا المستند.',
  offline: 'لا يمكن عرض الصور إلا وأنت متصل بالإنترنت.',
  failed: 'تعذر تحميل صور هذا المستند.',
  retry: 'إعادة المحاولة',
  picture: 'صورة في الصفحة {{page}}',
  pictureNoPage: 'صورة',
  noPage: 'بلا صفحة',
  size: '{{width}} × {{height}} بكسل',
  openPage: 'عرض الصفحة {{page}}',
};
