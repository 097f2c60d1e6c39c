// The chat actor's I/O in the browser: the SSE stream, the channel from the server into the cache, stop,
// and a cache writer per chat. Tests hand the machine their own.
import type { ChannelDetail } from '../../../common/contract';
import { chatApi } from '../../api/chat';
import { ApiError } from '../../api/http';
import { streamChat } from '../../api/sse';
import { cacheReady } from '../../local/db';
import { type ChatCacheWriter, createChatCache } from './cache';

export interface ChatIO {
  stream: typeof streamChat;
  /** The channel from the server, written to the cache; null offline (the cache is what we have). */
  loadChannel(channelId: string): Promise<ChannelDetail | null>;
  stop(requestId: string): Promise<unknown>;
  createCache(): ChatCacheWriter;
}

export const browserChatIO: ChatIO = {
  stream: streamChat,
  async loadChannel(channelId) {
    // Asked at once; written (and answered) once the cache's code is here too.
    const cache = cacheReady();
    try {
      const detail = await chatApi.channel(channelId, { suppressAlert: true });
      await (await cache).channels.replaceChannel(detail);
      return detail;
    } catch (error) {
      if (error instanceof ApiError && error.code === 404) {
        await (await cache).channels.remove(channelId);
        throw error;
      }
      return null;
    }
  },
  stop: (requestId) => chatApi.stop(requestId, { suppressAlert: true }),
  createCache: createChatCache,
};

/**
 * Opening the app at a chat: asks the server for it at once and, when the answer is here before `page` (the
 * chat page's chunks) is, writes it to the cache and answers it, so the page draws the messages in its first
 * render (and the cache's first read already holds them). Otherwise answers null without waiting: the page
 * draws from the cache and the chat's actor takes the same answer when it comes, asking nothing twice.
 */
export async function channelBeforePage(channelId: string, page: Promise<unknown>) {
  const asked = chatApi.prefetchChannel(channelId);
  const first = await Promise.race([
    asked.then(
      () => true,
      () => false,
    ),
    page.then(
      () => false,
      () => false,
    ),
  ]);
  // Takes the early answer (already here): the actor is handed it and does not ask again.
  return first ? browserChatIO.loadChannel(channelId) : null;
}
