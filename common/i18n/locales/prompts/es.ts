// Saved prompts — Spanish.
import type { Localized } from '../localized';
import type { promptsEn } from './en';

export const promptsEs: Localized<typeof promptsEn> = {
  open: 'Prompts',
  title: 'Prompts guardados',
  description: 'Guarda los prompts que usas a menudo e insértalos con un clic.',
  count_one: '{{count}} prompt',
  count_many: '{{count}} de prompts',
  count_other: '{{count}} prompts',
  search: 'Buscar prompts',
  recent: 'Búsquedas recientes',
  empty: 'Aún no hay prompts guardados.',
  noMatch: 'Ningún prompt coincide con tu búsqueda.',
  add: 'Nuevo prompt',
  name: 'Nombre',
  content: 'Prompt',
  save: 'Guardar',
  cancel: 'Cancelar',
  edit: 'Editar',
  deleteConfirm: '¿Eliminar «{{name}}»?',
  deleteConfirmBody: 'El prompt se elimina en todos tus dispositivos.',
  use: 'Usar',
  pending: 'Pendiente de sincronizar',
  nameCount: '{{count}}/{{max}}',
  errors: {
    nameRequired: 'Ponle un nombre al prompt.',
    nameTooLong: 'El nombre de un prompt puede tener como máximo 50 caracteres.',
    contentRequired: 'Escribe primero el prompt.',
    contentTooLong: 'Un prompt puede tener como máximo 16000 caracteres.',
  },
};
