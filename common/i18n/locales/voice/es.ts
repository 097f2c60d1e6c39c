// The voice assistant — Spanish.
import type { Localized } from '../localized';
import type { voiceEn } from './en';

export const voiceEs: Localized<typeof voiceEn> = {
  listen: 'Di tu pregunta',
  stopListening: 'Dejar de escuchar',
  listening: 'Escuchando…',
  readAloud: 'Leer en voz alta',
  stopReading: 'Dejar de leer',
  errors: {
    notAllowed:
      'Parley no puede usar el micrófono. Permítelo en la configuración del sitio de tu navegador e inténtalo de nuevo.',
    noSpeech: 'No se oyó ninguna voz. Inténtalo de nuevo, un poco más cerca del micrófono.',
    network:
      'No se puede acceder al reconocimiento de voz de tu navegador. Revisa tu conexión o escribe la pregunta.',
    unsupported: 'Este navegador no puede convertir la voz en texto. Escribe tu pregunta.',
    other: 'La entrada de voz se detuvo inesperadamente. Inténtalo de nuevo.',
    speak: 'Este navegador no puede leer las respuestas en voz alta.',
  },
  feedback: {
    title: '¿Qué tal fue hablar con Parley?',
    body: 'Dijiste una pregunta y escuchaste la respuesta. Tu valoración ayuda a quienes gestionan este servidor a mejorar la voz.',
    good: 'Bien',
    bad: 'No muy bien',
    reasonsLabel: '¿Qué falló?',
    reasons: {
      misheard: 'No me entendió bien',
      voice: 'La voz era difícil de seguir',
      slow: 'Fue demasiado lento',
      other: 'Otra cosa',
    },
    placeholder: '¿Algo más? (opcional)',
    send: 'Enviar',
    notNow: 'Ahora no',
    thanks: 'Gracias por contárnoslo.',
    ratingRequired: 'Elige pulgar arriba o pulgar abajo primero.',
  },
};
