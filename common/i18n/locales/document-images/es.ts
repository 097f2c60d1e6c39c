// The Images view of document chat (pictures found in documents) — Spanish.
import type { Localized } from '../localized';
import type { documentImagesEn } from './en';

export const documentImagesEs: Localized<typeof documentImagesEn> = {
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
