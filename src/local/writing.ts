// Writing documents, local first: every keystroke lands here at once; the outbox sends the newest text when
// the network is up. A tab writes only on top of the version it last saw, and the server only on top of the
// revision the text is based on; whoever loses keeps their text as a copy, so nothing is silently overwritten.
import i18n from 'i18next';
import {
  type EditorJson,
  EMPTY_WRITING_DOC,
  ResponseCode,
  type WritingDoc,
  type WritingDocSummary,
} from '../../common/contract';
import { ApiError } from '../api/http';
import { writingApi } from '../api/writing';
import {
  db as defaultDb,
  type LocalWritingDoc,
  type LocalWritingSummary,
  type ParleyDatabase,
  writingSummaryOf,
} from './schema';
import '../i18n/writing-strings';

let defaultTabId: string | null = null;
/** One id per open tab (per page load). */
export const tabId = () => {
  defaultTabId ??= crypto.randomUUID();
  return defaultTabId;
};

/** Untouched: no title and no text, not even an image or a divider (only empty paragraphs). */
export function isBlankDoc(doc: Pick<LocalWritingDoc, 'docTitle' | 'content'>): boolean {
  if (doc.docTitle.trim() || !doc.content) return false;
  return (doc.content.content ?? []).every(
    (node) => node.type === 'paragraph' && !(node as { content?: unknown[] }).content?.length,
  );
}

export const newDocId = () => `w-${crypto.randomUUID().replace(/-/g, '')}`;

type Listener = (event: WritingEvent) => void;
export type WritingEvent =
  | { type: 'conflictCopy'; docId: string; copyId: string; copyTitle: string }
  /** Deleted elsewhere while this device had changes to send: written again with them, not thrown away. */
  | { type: 'restoredAfterDelete'; docId: string; docTitle: string };
const listeners = new Set<Listener>();
export const onWritingEvent = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const emit = (event: WritingEvent) => {
  for (const listener of listeners) listener(event);
};

export const copyTitle = (title: string) =>
  i18n.t('writing.conflictCopyTitle', { title: title || i18n.t('writing.untitled') });

export type SaveResult =
  | { ok: true; version: number }
  | { ok: false; current: LocalWritingDoc; copyId: string };

/**
 * Every write to a document goes through these, so its summary (what the list shows) changes in the same
 * transaction: the list and the tab watching for other tabs' saves never read the text.
 */
export function writingStore(db: ParleyDatabase = defaultDb) {
  const inTransaction = <T>(work: () => Promise<T>) =>
    db.transaction('rw', db.writingDocs, db.writingSummaries, work);
  return {
    put: (doc: LocalWritingDoc) =>
      inTransaction(async () => {
        await db.writingDocs.put(doc);
        await db.writingSummaries.put(writingSummaryOf(doc));
      }),
    update: (docId: string, changes: Partial<LocalWritingDoc>) =>
      inTransaction(async () => {
        if ((await db.writingDocs.update(docId, changes)) === 0) return;
        const { content: _text, ...summary } = changes;
        if (Object.keys(summary).length === 0) return;
        // A document kept before the summaries existed (or by a build that did not write them) gets its own.
        if ((await db.writingSummaries.update(docId, summary)) === 0) {
          const doc = await db.writingDocs.get(docId);
          if (doc) await db.writingSummaries.put(writingSummaryOf(doc));
        }
      }),
    delete: (docIds: string[]) =>
      inTransaction(async () => {
        await db.writingDocs.bulkDelete(docIds);
        await db.writingSummaries.bulkDelete(docIds);
      }),
  };
}

export function writingRepository(db: ParleyDatabase = defaultDb, writer: string = tabId()) {
  const store = writingStore(db);
  async function queueSave(docId: string) {
    const pending = await db.outbox
      .filter((entry) => entry.operation.kind === 'saveWritingDoc' && entry.operation.docId === docId)
      .count();
    if (pending === 0)
      await db.outbox.add({
        operation: { kind: 'saveWritingDoc', docId },
        createdAt: new Date().toISOString(),
        attempts: 0,
      });
  }

  /** A document this tab made that the server has never seen. */
  function unsavedDoc(docTitle: string, content: EditorJson): LocalWritingDoc {
    const now = new Date().toISOString();
    return {
      docId: newDocId(),
      docTitle,
      content,
      revision: 0,
      serverRevision: 0,
      dirty: 1,
      localVersion: 1,
      writer,
      tipsExistFlag: false,
      createdAt: now,
      updatedAt: now,
    };
  }

  async function addCopy(source: { docTitle: string; content: EditorJson | null }): Promise<LocalWritingDoc> {
    const copy = unsavedDoc(copyTitle(source.docTitle), source.content ?? EMPTY_WRITING_DOC);
    await db.transaction('rw', db.writingDocs, db.writingSummaries, db.outbox, async () => {
      await store.put(copy);
      await queueSave(copy.docId);
    });
    return copy;
  }

  /** Drops the local copy and any save still waiting for it. */
  async function forget(docId: string) {
    await db.transaction('rw', db.writingDocs, db.writingSummaries, db.outbox, async () => {
      await store.delete([docId]);
      await db.outbox
        .filter((entry) => entry.operation.kind === 'saveWritingDoc' && entry.operation.docId === docId)
        .delete();
    });
  }

  /** Deletes here at once; the server's copy is deleted through the outbox (in order after any save). */
  async function remove(docId: string) {
    await db.transaction('rw', db.writingDocs, db.writingSummaries, db.outbox, async () => {
      await forget(docId);
      await db.outbox.add({
        operation: { kind: 'deleteWritingDoc', docId },
        createdAt: new Date().toISOString(),
        attempts: 0,
      });
    });
  }

  return {
    /** The list's rows, newest first: summaries only, never the texts. */
    list: () => db.writingSummaries.orderBy('updatedAt').reverse().toArray(),
    /** One document's summary: enough to tell that someone else saved it. */
    summary: (docId: string) => db.writingSummaries.get(docId),
    remove,
    /** For a document already deleted on the server (e.g. from the workspace): nothing to send. */
    forget,

    /** Deletes every untouched document (no title, no text) but `keepId`: "New document" leaves none behind. */
    async discardBlank(keepId: string | null) {
      // Only this tab's own: another tab may have just made a new document and be about to type into it.
      // The summaries narrow it to untitled ones first, so not every text is read.
      const untitled = await db.writingSummaries
        .filter((doc) => doc.docId !== keepId && doc.writer === writer && !doc.docTitle.trim())
        .primaryKeys();
      const blank = (await db.writingDocs.bulkGet(untitled)).filter(
        (doc): doc is LocalWritingDoc => doc !== undefined && isBlankDoc(doc),
      );
      for (const doc of blank) await remove(doc.docId);
    },
    get: (docId: string) => db.writingDocs.get(docId),

    /** A new document; an untouched one already here is reused rather than a second one made. */
    async create(docTitle = ''): Promise<LocalWritingDoc> {
      if (!docTitle) {
        const blank = await db.writingDocs.filter(isBlankDoc).first();
        if (blank) return blank;
      }
      const doc = unsavedDoc(docTitle, EMPTY_WRITING_DOC);
      await db.transaction('rw', db.writingDocs, db.writingSummaries, db.outbox, async () => {
        await store.put(doc);
        await queueSave(doc.docId);
      });
      return doc;
    },

    /** Saves this tab's text; refused (and kept as a copy) when another tab wrote since `seenVersion`. */
    save(
      docId: string,
      changes: { content?: EditorJson; docTitle?: string },
      seenVersion: number,
    ): Promise<SaveResult> {
      return db.transaction('rw', db.writingDocs, db.writingSummaries, db.outbox, async () => {
        // The summary tells whether anyone wrote since this tab's last save without reading the text (every
        // keystroke's save would otherwise read the whole document back); the text is read only otherwise.
        let current: LocalWritingSummary | undefined = await db.writingSummaries.get(docId);
        if (current?.localVersion !== seenVersion) {
          const doc = await db.writingDocs.get(docId);
          if (doc && doc.localVersion !== seenVersion && doc.writer !== writer) {
            const copy = await addCopy({
              docTitle: changes.docTitle ?? doc.docTitle,
              content: changes.content ?? doc.content,
            });
            return { ok: false, current: doc, copyId: copy.docId } as const;
          }
          current = doc;
        }
        if (!current) throw new Error(`writing document ${docId} is not stored`);
        const version = current.localVersion + 1;
        const saved = {
          ...(changes.docTitle !== undefined ? { docTitle: changes.docTitle } : {}),
          dirty: 1 as const,
          localVersion: version,
          writer,
          updatedAt: new Date().toISOString(),
        };
        // A new text is written whole from the summary (an update would read the old text back first).
        if (changes.content) await store.put({ ...current, ...saved, content: changes.content });
        else await store.update(docId, saved);
        await queueSave(docId);
        return { ok: true, version } as const;
      });
    },

    /**
     * The server's list: new documents appear (text fetched when opened), newer revisions are noted, and
     * documents deleted on another device leave (unless this device has unsent changes to them).
     */
    async mergeServerList(summaries: WritingDocSummary[], askedAt = Date.now()) {
      await db.transaction('rw', db.writingDocs, db.writingSummaries, async () => {
        const listed = new Set(summaries.map((summary) => summary.docId));
        // A document this device saved while the list was on its way is missing from it, but not deleted.
        const settled = askedAt - 60_000;
        await store.delete(
          await db.writingDocs
            .filter(
              (doc) =>
                doc.revision > 0 &&
                doc.dirty === 0 &&
                !listed.has(doc.docId) &&
                Date.parse(doc.updatedAt) < settled,
            )
            .primaryKeys(),
        );
        for (const summary of summaries) {
          const local = await db.writingDocs.get(summary.docId);
          if (!local) {
            await store.put({
              docId: summary.docId,
              docTitle: summary.docTitle,
              content: null,
              revision: summary.revision,
              serverRevision: summary.revision,
              dirty: 0,
              localVersion: 0,
              writer: 'server',
              tipsExistFlag: false,
              createdAt: summary.createdAt,
              updatedAt: summary.updatedAt,
            });
          } else if (summary.revision > local.serverRevision) {
            await store.update(summary.docId, {
              serverRevision: summary.revision,
              ...(local.dirty ? {} : { docTitle: summary.docTitle, updatedAt: summary.updatedAt }),
            });
          }
        }
      });
    },

    /** Takes the server's text unless local changes wait to be sent (those win or become a copy on send). */
    async adoptServerDoc(doc: WritingDoc) {
      await db.transaction('rw', db.writingDocs, db.writingSummaries, async () => {
        const local = await db.writingDocs.get(doc.docId);
        if (local?.dirty) {
          await store.update(doc.docId, {
            serverRevision: Math.max(local.serverRevision, doc.revision),
          });
          return;
        }
        await store.put({
          docId: doc.docId,
          docTitle: doc.docTitle,
          content: doc.content,
          revision: doc.revision,
          serverRevision: doc.revision,
          dirty: 0,
          localVersion: (local?.localVersion ?? 0) + 1,
          writer: 'server',
          tipsExistFlag: doc.tipsExistFlag,
          createdAt: doc.createdAt,
          updatedAt: doc.updatedAt,
        });
      });
    },

    /** Dirty documents whose outbox entry was lost (e.g. a crash mid-send) are queued again. */
    async requeueDirty() {
      await db.transaction('rw', db.writingSummaries, db.outbox, async () => {
        for (const docId of await db.writingSummaries.filter((d) => d.dirty === 1).primaryKeys())
          await queueSave(docId);
      });
    },

    setTipsFlag: (docId: string, flag: boolean) => store.update(docId, { tipsExistFlag: flag }),
    queueSave,
    addCopy,
  };
}

/** The outbox's sender for a writing document: sends the newest local text on its base revision. */
export async function pushWritingDoc(docId: string, db: ParleyDatabase = defaultDb): Promise<void> {
  const repo = writingRepository(db, 'sync');
  const store = writingStore(db);
  const local = await db.writingDocs.get(docId);
  if (!local?.dirty || !local.content) return;
  if (local.revision === 0 && isBlankDoc(local)) {
    // Nothing typed yet: the server gets the document with its first words, not as an empty "Untitled".
    await store.update(docId, { dirty: 0 });
    return;
  }
  const sentVersion = local.localVersion;
  let server: WritingDoc;
  try {
    server =
      local.revision === 0
        ? await writingApi.upsertDoc(
            { docId, docTitle: local.docTitle, content: local.content },
            { suppressAlert: true },
          )
        : await writingApi.updateDoc(
            { docId, docTitle: local.docTitle, content: local.content, baseRevision: local.revision },
            { suppressAlert: true },
          );
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404 && local.revision > 0) {
      // Deleted in another tab or on another device while this one still had changes to send (typed in a tab
      // left open on it, or offline): what was typed is not thrown away. The document is written again as new
      // under its id, so the open editor goes on with it, and the person is told so they can delete it again.
      await store.update(docId, { revision: 0, serverRevision: 0 });
      emit({ type: 'restoredAfterDelete', docId, docTitle: local.docTitle });
      return pushWritingDoc(docId, db);
    }
    if (!(error instanceof ApiError) || error.code !== ResponseCode.WritingRevisionConflict) throw error;
    // Changed elsewhere first: the server's text stays, ours becomes a copy (sent as a new document).
    const theirs = await writingApi.getDoc(docId, { suppressAlert: true });
    const copy = await db.transaction('rw', db.writingDocs, db.writingSummaries, db.outbox, async () => {
      const current = (await db.writingDocs.get(docId)) ?? local;
      const added = await repo.addCopy({ docTitle: current.docTitle, content: current.content });
      await store.update(docId, {
        docTitle: theirs.docTitle,
        content: theirs.content,
        revision: theirs.revision,
        serverRevision: theirs.revision,
        dirty: 0,
        localVersion: current.localVersion + 1,
        writer: 'server',
        updatedAt: theirs.updatedAt,
      });
      return added;
    });
    emit({ type: 'conflictCopy', docId, copyId: copy.docId, copyTitle: copy.docTitle });
    return;
  }
  await db.transaction('rw', db.writingDocs, db.writingSummaries, db.outbox, async () => {
    const current = await db.writingDocs.get(docId);
    if (!current) return;
    const typedSince = current.localVersion !== sentVersion;
    await store.update(docId, {
      revision: server.revision,
      serverRevision: Math.max(current.serverRevision, server.revision),
      dirty: typedSince ? 1 : 0,
    });
    // This entry leaves the outbox after we return, so newer keystrokes need an entry of their own.
    if (typedSince)
      await db.outbox.add({
        operation: { kind: 'saveWritingDoc', docId },
        createdAt: new Date().toISOString(),
        attempts: 0,
      });
  });
}

export const writingDocs = writingRepository;
