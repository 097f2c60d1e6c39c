// @vitest-environment jsdom
// The document settings (Settings > Documents) change on the device at once, wait in the outbox while offline,
// are not undone by the server's older answer meanwhile, and a change made while one is being sent goes too.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentSettings } from '../../common/contract';
import { ApiError } from '../../src/api/http';
import { userApi } from '../../src/api/user';
import { createOutbox } from '../../src/local/outbox';
import { ParleyDatabase } from '../../src/local/schema';
import { documentSettingsRepository } from '../../src/local/settings';

let db: ParleyDatabase;
let runs = 0;
beforeEach(() => {
  runs += 1;
  db = new ParleyDatabase(`document-settings-test-${runs}`);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

/** A server that keeps what it is sent; `offline` makes every call fail as a dropped network does. */
function fakeServer() {
  const state = {
    stored: { ocr: true, ocrLanguage: 'Auto', serverOcr: true } as DocumentSettings,
    offline: false,
    sent: [] as unknown[],
  };
  vi.spyOn(userApi, 'documentSettings').mockImplementation(async () => {
    if (state.offline) throw new TypeError('Failed to fetch');
    return { ...state.stored };
  });
  vi.spyOn(userApi, 'saveDocumentSettings').mockImplementation(async (body) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    state.sent.push(body);
    state.stored = { ...state.stored, ...body };
    return { ...state.stored };
  });
  return state;
}

describe('document settings on the device', () => {
  it('are changed at once offline, kept against the server’s older answer, and sent once online', async () => {
    const server = fakeServer();
    const settings = documentSettingsRepository(db);
    const outbox = createOutbox({ db, send: () => settings.send() });
    await settings.refresh();
    expect((await settings.read()).value).toEqual({ ocr: true, ocrLanguage: 'Auto' });

    server.offline = true;
    await settings.choose({ ocr: false });
    await settings.choose({ ocrLanguage: 'ara' });
    expect((await settings.read()).value).toEqual({ ocr: false, ocrLanguage: 'ara' });
    // Two changes, one queued send: it reads the newest choices when it goes.
    expect(await db.outbox.count()).toBe(1);
    expect((await outbox.flush()).pending).toBe(1);

    server.offline = false;
    // The server still has the old settings: its answer does not undo the change that waits.
    await settings.refresh();
    expect((await settings.read()).value).toEqual({ ocr: false, ocrLanguage: 'ara' });
    expect(await outbox.flush()).toMatchObject({ sent: 1, pending: 0 });
    expect(server.sent).toEqual([{ ocr: false, ocrLanguage: 'ara' }]);
    expect(await settings.read()).toMatchObject({ dirty: 0, serverOcr: true });
  });

  it('send a change made while the previous one was on its way', async () => {
    const server = fakeServer();
    const settings = documentSettingsRepository(db);
    const outbox = createOutbox({ db, send: () => settings.send() });
    const save = vi.mocked(userApi.saveDocumentSettings);
    const original = save.getMockImplementation();
    save.mockImplementationOnce(async (body) => {
      // The user turns OCR back on while the "off" is being sent.
      await settings.choose({ ocr: true });
      return original?.(body) as Promise<DocumentSettings>;
    });
    await settings.choose({ ocr: false });
    expect(await outbox.flush()).toMatchObject({ sent: 2, pending: 0 });
    expect(server.sent).toEqual([
      { ocr: false, ocrLanguage: 'Auto' },
      { ocr: true, ocrLanguage: 'Auto' },
    ]);
    expect(await settings.read()).toMatchObject({ value: { ocr: true }, dirty: 0 });
  });

  it('refused for good, show the server’s settings again at the next refresh', async () => {
    fakeServer();
    const settings = documentSettingsRepository(db);
    const outbox = createOutbox({ db, send: () => settings.send() });
    vi.mocked(userApi.saveDocumentSettings).mockRejectedValueOnce(
      new ApiError('http', 'Bad request', 400, 400),
    );
    await settings.choose({ ocr: false });
    const result = await outbox.flush();
    expect(result.refused).toHaveLength(1);
    await settings.refresh();
    expect((await settings.read()).value).toEqual({ ocr: true, ocrLanguage: 'Auto' });
  });
});
