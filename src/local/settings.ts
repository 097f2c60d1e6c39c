// The account's document settings, local first: a change lands in Dexie at once (Settings shows it), is queued
// in the outbox and sent when the network is up; the server's answer replaces the local copy only when no
// change of this device still waits.
import { DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings } from '../../common/contract';
import { ApiError } from '../api/http';
import { userApi } from '../api/user';
import { madeBy, outboxCaller } from './outbox-owner';
import { db as defaultDb, type LocalDocumentSettings, type ParleyDatabase } from './schema';

type Choices = LocalDocumentSettings['value'];

export function documentSettingsRepository(db: ParleyDatabase = defaultDb) {
  const KEY = 'documents' as const;
  const read = async (): Promise<LocalDocumentSettings> =>
    (await db.settings.get(KEY)) ?? {
      key: KEY,
      value: { ...DEFAULT_DOCUMENT_SETTINGS },
      serverOcr: null,
      dirty: 0,
    };
  const queue = () =>
    db.outbox.add({
      operation: { kind: 'saveDocumentSettings' },
      createdAt: new Date().toISOString(),
      attempts: 0,
    });
  // This caller's sends only: another account's waiting send is not this account's change.
  const pendingSends = () => {
    const caller = outboxCaller();
    return db.outbox.filter((e) => e.operation.kind === 'saveDocumentSettings' && madeBy(e, caller)).count();
  };

  return {
    read,

    /** Applies a change here at once and queues one send (a send reads the newest choices, so changes coalesce). */
    async choose(change: Partial<Choices>) {
      await db.transaction('rw', db.settings, db.outbox, async () => {
        const now = await read();
        await db.settings.put({ ...now, value: { ...now.value, ...change }, dirty: 1 });
        if ((await pendingSends()) === 0) await queue();
      });
    },

    /** The server's settings, kept here unless a change of this device waits to be sent. */
    async refresh(): Promise<void> {
      const server = await userApi.documentSettings();
      await db.transaction('rw', db.settings, db.outbox, async () => {
        const now = await read();
        const waiting = now.dirty === 1 || (await pendingSends()) > 0;
        await db.settings.put({
          key: KEY,
          value: waiting ? now.value : { ocr: server.ocr, ocrLanguage: server.ocrLanguage },
          serverOcr: server.serverOcr,
          dirty: waiting ? 1 : 0,
        });
      });
    },

    /** Sends the choices as they are now (called by the outbox, in order). */
    async send(): Promise<DocumentSettings> {
      const sent = await read();
      let saved: DocumentSettings;
      try {
        saved = await userApi.saveDocumentSettings(sent.value);
      } catch (error) {
        // Refused for good: the server's settings are shown again at the next refresh.
        // (A 401 is the session that ended, not the change: it waits in the outbox for its account.)
        if (error instanceof ApiError && error.refused && error.httpStatus !== 401)
          await db.settings.update(KEY, { dirty: 0 });
        throw error;
      }
      await db.transaction('rw', db.settings, db.outbox, async () => {
        const now = await read();
        const unchanged = JSON.stringify(now.value) === JSON.stringify(sent.value);
        await db.settings.put({
          key: KEY,
          value: unchanged ? { ocr: saved.ocr, ocrLanguage: saved.ocrLanguage } : now.value,
          serverOcr: saved.serverOcr,
          dirty: unchanged ? 0 : 1,
        });
        // A change made while this send was on its way found this send queued and queued none: it goes next.
        if (!unchanged) await queue();
      });
      return saved;
    },
  };
}

export const documentSettings = documentSettingsRepository();
