// Any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM, LM Studio ...), streamed.
import type OpenAI from 'openai';
import type { ModelMapping } from '../../config.js';
import type { AiProvider, CompletionRequest } from './provider.js';

export function createOpenAiCompatibleProvider(options: {
  baseUrl: string;
  apiKey: string;
  modelMap: ModelMapping;
  timeoutMs: number;
  embeddingModel?: string | null;
}): AiProvider {
  // The SDK is loaded with the first request, not at start (the server's idle memory stays small).
  let client: Promise<OpenAI> | null = null;
  const sdk = () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({
          baseURL: options.baseUrl,
          apiKey: options.apiKey || 'not-needed',
          timeout: options.timeoutMs,
          maxRetries: 1,
        }),
    ));
  const providerModel = (model: string) => options.modelMap[model] ?? options.modelMap.Standard ?? model;

  const embeddingModel = options.embeddingModel;
  return {
    offline: false,
    ...(embeddingModel
      ? {
          async embed(texts: string[], signal?: AbortSignal) {
            const result = await (await sdk()).embeddings.create(
              { model: embeddingModel, input: texts },
              { signal },
            );
            return [...result.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
          },
        }
      : {}),
    async *stream(request: CompletionRequest) {
      const stream = await (await sdk()).chat.completions.create(
        {
          model: providerModel(request.model),
          messages: request.prefix
            ? [...request.messages, { role: 'assistant' as const, content: request.prefix }]
            : request.messages,
          stream: true,
        },
        { signal: request.signal },
      );
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) yield piece;
      }
    },
  };
}
