// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/local/schema';
import { createChatCache } from '../../src/machines/chat/cache';

describe('the chat cache', () => {
  it('keeps a one-chunk answer done when it finishes before its placeholder row is written', async () => {
    const cache = createChatCache();
    const meta = {
      channelId: 'ch-short',
      channelName: 'A lighthouse at dawn',
      userMessageId: 'u-short',
      answerMessageId: 'a-short',
      model: 'GPT-4o',
    };
    // The stream's meta, its only chunk and done arrive together: nothing waits for the first write.
    const started = cache.started(meta, {
      requestId: 'r-short',
      userText: 'A lighthouse at dawn',
      regenerate: false,
    });
    cache.text('a-short', '![A lighthouse at dawn](#parley-image-1)');
    const finished = cache.finished('a-short', '![A lighthouse at dawn](#parley-image-1)', 'done', null);
    await Promise.all([started, finished]);

    const answer = await db.messages.get('a-short');
    expect(answer).toMatchObject({ status: 'done', content: '![A lighthouse at dawn](#parley-image-1)' });
    expect((await db.messages.get('u-short'))?.content).toBe('A lighthouse at dawn');
  });
});
