// The Images view of document chat (pictures found in documents) — English.
// Each language has its own module (ar.ts, zh.ts, es.ts beside this one, typed against these keys) so the
// first download carries only English.
export const documentImagesEn = {
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
