import type { Config } from '../../config.js';
import { createOfflineModel } from './offline-model.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import type { AiProvider } from './provider.js';

export function createAiProvider(config: Config): AiProvider {
  if (config.ai.baseUrl) {
    return createOpenAiCompatibleProvider({
      baseUrl: config.ai.baseUrl,
      apiKey: config.ai.apiKey,
      modelMap: config.ai.modelMap,
      timeoutMs: config.ai.timeoutMs,
      embeddingModel: config.ai.embeddingModel ?? null,
    });
  }
  return createOfflineModel(config.offlineModel);
}
export type { AiProvider } from './provider.js';
