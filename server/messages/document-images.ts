// Server messages of the pictures found in documents, spread into messages.ts.
export const documentImagesEn = {
  'docImages.md5OrChannel': 'Choose a document or a chat to list its pictures.',
  'docImages.limitInvalid': 'Ask for between 1 and 100 pictures at a time.',
  'docImages.cursorUnknown': 'The picture to continue after is not one of these pictures.',
  'docImages.notFound': 'This picture does not exist or is not yours.',
};

export const documentImagesAr: typeof documentImagesEn = {
  'docImages.md5OrChannel': 'اختر مستندًا أو محادثة لعرض صورها.',
  'docImages.limitInvalid': 'اطلب من 1 إلى 100 صورة في المرة الواحدة.',
  'docImages.cursorUnknown': 'الصورة التي يُراد المتابعة بعدها ليست من هذه الصور.',
  'docImages.notFound': 'هذه الصورة غير موجودة أو ليست لك.',
};

export const documentImagesZh: typeof documentImagesEn = {
  'docImages.md5OrChannel': '请选择一个文档或对话以列出其中的图片。',
  'docImages.limitInvalid': '每次请求的图片数量应在 1 到 100 之间。',
  'docImages.cursorUnknown': '要从其后继续的图片不属于这些图片。',
  'docImages.notFound': '此图片不存在或不属于你。',
};

export const documentImagesEs: typeof documentImagesEn = {
  'docImages.md5OrChannel': 'Elige un documento o un chat para ver sus imágenes.',
  'docImages.limitInvalid': 'Pide entre 1 y 100 imágenes cada vez.',
  'docImages.cursorUnknown': 'La imagen desde la que continuar no es una de estas imágenes.',
  'docImages.notFound': 'Esta imagen no existe o no es tuya.',
};
