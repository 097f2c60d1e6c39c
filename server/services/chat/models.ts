import {
  type Language,
  MODEL_STANDARD,
  type ModelListItem,
  ResponseCode,
} from '../../../common/contract/index.js';
import { AppError } from '../../errors.js';
import type { Caller } from '../auth/sessions.js';

const CATALOGUE = [
  {
    name: MODEL_STANDARD,
    desc: {
      en: 'Fast everyday model',
      ar: 'نموذج سريع للاستخدام اليومي',
      zh: '快速的日常模型',
      es: 'Modelo rápido para el día a día',
    },
    free: true,
    pro: false,
  },
  {
    name: 'GPT-4',
    desc: { en: 'Classic', ar: 'كلاسيكي', zh: '经典', es: 'Clásico' },
    free: false,
    pro: true,
  },
  {
    name: 'GPT-4o',
    desc: {
      en: 'Advanced, all tools including image generation',
      ar: 'متقدّم، بكل الأدوات ومنها إنشاء الصور',
      zh: '高级，支持全部工具，包括生成图片',
      es: 'Avanzado, con todas las herramientas, incluida la creación de imágenes',
    },
    free: false,
    pro: true,
  },
] as const;

const SERVED_OFFLINE: Record<Language, string> = {
  en: ' (served by the built-in offline model)',
  ar: ' (يقدّمه النموذج المدمج دون اتصال)',
  zh: '（由内置离线模型提供）',
  es: ' (servido por el modelo sin conexión integrado)',
};

/** The chat models in the reader's language (the picker shows each one's description under its name). */
export function modelList(offline: boolean, language: Language = 'en'): ModelListItem[] {
  return CATALOGUE.map((model) => ({
    name: model.name,
    role: 'Chat',
    desc: offline ? `${model.desc[language]}${SERVED_OFFLINE[language]}` : model.desc[language],
    disabled: false,
    free: model.free,
    pro: model.pro,
    offline,
  }));
}

/** Server-side model permission: guests only Standard; pro models need a paid membership. */
export function assertModelAllowed(caller: Caller, model: string, paid = false) {
  const entry = CATALOGUE.find((m) => m.name === model);
  if (!entry) throw new AppError(ResponseCode.BadRequest, 'chat.unknownModel', { httpStatus: 400 });
  if (entry.free || paid) return;
  if (caller.kind === 'guest') {
    throw new AppError(ResponseCode.UsageExceedsLimit, 'chat.guestModel', {
      source: 'GPT4Turbo',
      shortMessage: 'Standard only',
    });
  }
  throw new AppError(ResponseCode.UsageExceedsLimit, 'chat.proModel', {
    source: 'GPT4Turbo',
    shortMessage: 'Pro model',
  });
}
