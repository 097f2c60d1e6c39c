// "Read again" of a document — Spanish.
import type { ReadAgainResource } from './en';

export const readAgainEs: ReadAgainResource = {
  action: 'Leer de nuevo',
  hint: 'Vuelve a leer este archivo con tus ajustes de ahora, por ejemplo tras activar «Leer páginas escaneadas y fotos» en Ajustes > Documentos.',
  reading: 'Leyendo de nuevo…',
  done: 'Leído de nuevo: {{now}} de {{pages}} páginas tienen texto (antes: {{before}}).',
  failed: '{{reason}} Se conserva el texto leído antes.',
  network: 'No se pudo contactar con el servidor.',
};
