import { MODEL_STANDARD, type ModelListItem, ResponseCode } from '../../../common/contract/index.js';
import { AppError } from '../../errors.js';
import type { Caller } from '../auth/sessions.js';

const CATALOGUE = [
  { name: MODEL_STANDARD, desc: 'Fast everyday model', free: true, pro: false },
  { name: 'GPT-4', desc: 'Classic', free: false, pro: true },
  { name: 'GPT-4o', desc: 'Advanced, all tools including image generation', free: false, pro: true },
] as const;

export function modelList(offline: boolean): ModelListItem[] {
  return CATALOGUE.map((model) => ({
    name: model.name,
    role: 'Chat',
    desc: offline ? `${model.desc} (served by the built-in offline model)` : model.desc,
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
