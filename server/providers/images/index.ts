// Image generation behind one small interface: any OpenAI-compatible images API (OpenAI, LocalAI, ...).
// The picture comes back as base64 or as a link, which is fetched through the SSRF guard.
import type OpenAI from 'openai';
import type { Config } from '../../config.js';
import { safeFetch } from '../../net/safe-fetch.js';

export interface GeneratedImage {
  bytes: Buffer;
  contentType: string;
  revisedPrompt: string | null;
}

export class ImageProviderError extends Error {}

export interface ImageProvider {
  readonly configured: boolean;
  generate(prompt: string, signal?: AbortSignal): Promise<GeneratedImage>;
}

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** png, jpeg or webp by their first bytes; anything else is not accepted as an image. */
export function imageContentType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export function createImageProvider(config: Config): ImageProvider {
  const { baseUrl, apiKey, model, size, timeoutMs } = config.images;
  if (!baseUrl) {
    return {
      configured: false,
      generate: () => Promise.reject(new ImageProviderError('no image provider is configured')),
    };
  }
  // The SDK is loaded with the first picture, not at start (the server's idle memory stays small).
  let client: Promise<OpenAI> | null = null;
  const sdk = () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({ baseURL: baseUrl, apiKey: apiKey || 'not-needed', timeout: timeoutMs, maxRetries: 1 }),
    ));
  return {
    configured: true,
    async generate(prompt, signal) {
      let answer: Awaited<ReturnType<OpenAI['images']['generate']>>;
      try {
        answer = await (await sdk()).images.generate(
          { model, prompt, n: 1, size: size as '1024x1024' },
          { signal },
        );
      } catch (error) {
        throw new ImageProviderError(error instanceof Error ? error.message : String(error));
      }
      const item = answer.data?.[0];
      let bytes: Buffer | null = null;
      if (item?.b64_json) bytes = Buffer.from(item.b64_json, 'base64');
      else if (item?.url) {
        const response = await safeFetch(item.url, {
          allowHosts: config.outboundAllowHosts,
          maxBytes: MAX_IMAGE_BYTES,
          timeoutMs,
          accept: 'image/*',
        }).catch((error: unknown) => {
          throw new ImageProviderError(
            `the image link could not be read: ${error instanceof Error ? error.message : error}`,
          );
        });
        if (response.status >= 400 || response.truncated)
          throw new ImageProviderError(`the image link answered ${response.status}`);
        bytes = response.body;
      }
      if (!bytes) throw new ImageProviderError('the provider answered no image');
      const contentType = imageContentType(bytes);
      if (!contentType) throw new ImageProviderError('the provider answered something that is not an image');
      return { bytes, contentType, revisedPrompt: item?.revised_prompt ?? null };
    },
  };
}
