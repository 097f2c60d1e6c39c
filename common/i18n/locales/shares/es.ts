// Shared chats — Spanish.
import type { Localized } from '../localized';
import type { sharesEn } from './en';

export const sharesEs: Localized<typeof sharesEn> = {
  open: 'Compartir',
  title: 'Compartir este chat',
  description:
    'Cualquiera con el enlace puede leer el chat tal como está ahora, sin iniciar sesión. Los mensajes posteriores no se comparten.',
  create: 'Crear enlace',
  link: 'Enlace para compartir',
  copy: 'Copiar enlace',
  revoke: 'Dejar de compartir',
  revokeTitle: '¿Dejar de compartir este enlace?',
  revokeBody: 'Quien lo abra verá que el chat ya no se comparte. Tu chat queda como está.',
  revoked: 'El enlace ya no funciona.',
  sharedAt_one: 'Compartido {{date}} · {{count}} mensaje',
  sharedAt_many: 'Compartido {{date}} · {{count}} de mensajes',
  sharedAt_other: 'Compartido {{date}} · {{count}} mensajes',
  close: 'Cerrar',
  loading: 'Cargando el chat compartido…',
  notFound: 'Este chat compartido no existe o ya no se comparte.',
  loadFailed: 'No se pudo cargar el chat compartido. Comprueba tu conexión e inténtalo de nuevo.',
  readOnly: 'Chat compartido · solo lectura',
  continue: 'Continuar esta conversación',
  continueFailed: 'No se pudo continuar la conversación. Inténtalo de nuevo.',
};
