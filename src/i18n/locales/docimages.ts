// The Images view of document chat (pictures found in documents), in the four languages.
export const docImagesEn = {
  pagesTab: 'Document',
  imagesTab: 'Images',
  views: 'Document views',
  loading: 'Finding the pictures in this document…',
  none: 'No pictures were found in this document.',
  offline: 'Pictures can be shown only while you are online.',
  failed: 'The pictures of this document could not be loaded.',
  retry: 'Try again',
  picture: 'Picture on page {{page}}',
  pictureNoPage: 'Picture',
  noPage: 'No page',
  size: '{{width}} × {{height}} pixels',
  openPage: 'Show page {{page}}',
};

export const docImagesAr: typeof docImagesEn = {
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

export const docImagesZh: typeof docImagesEn = {
  pagesTab: '文档',
  imagesTab: '图片',
  views: '文档视图',
  loading: '正在查找此文档中的图片…',
  none: '此文档中没有找到图片。',
  offline: '只有在线时才能显示图片。',
  failed: '无法加载此文档的图片。',
  retry: '重试',
  picture: '第 {{page}} 页的图片',
  pictureNoPage: '图片',
  noPage: '无页码',
  size: '{{width}} × {{height}} 像素',
  openPage: '显示第 {{page}} 页',
};

export const docImagesEs: typeof docImagesEn = {
  pagesTab: 'Documento',
  imagesTab: 'Imágenes',
  views: 'Vistas del documento',
  loading: 'Buscando las imágenes de este documento…',
  none: 'No se encontraron imágenes en este documento.',
  offline: 'Las imágenes solo se pueden mostrar con conexión.',
  failed: 'No se pudieron cargar las imágenes de este documento.',
  retry: 'Reintentar',
  picture: 'Imagen de la página {{page}}',
  pictureNoPage: 'Imagen',
  noPage: 'Sin página',
  size: '{{width}} × {{height}} píxeles',
  openPage: 'Ver la página {{page}}',
};
