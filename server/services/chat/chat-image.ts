// GPT-4o's image tool in chat: a ChatImage send goes through the same image service as /creation/All/Image
// and answers a Markdown image whose source names the stored picture (the app fetches it as its owner).
import { CHAT_IMAGE_MODEL, CHAT_IMAGE_TYPE, IMAGE_REF_PREFIX } from '../../../common/contract/index.js';
import { clipText } from '../../../common/text.js';
import type { Caller } from '../auth/sessions.js';
import type { ImageService } from '../creation/images.js';

export const CHAT_IMAGE = CHAT_IMAGE_TYPE;
export const IMAGE_TOOL_MODEL = CHAT_IMAGE_MODEL;

export function createImageTool(images: Pick<ImageService, 'generate'>) {
  return async (caller: Caller, prompt: string) => {
    // The chat message that asked for the picture was already counted against the quota.
    const item = await images.generate(caller, prompt.trim(), { metered: false });
    const alt = clipText(item.prompt.replace(/[[\]\\\n]/g, ' '), 200);
    return `![${alt}](${IMAGE_REF_PREFIX}${item.imageId})`;
  };
}
