// The local-first cache. The UI reads only from here (useLiveQuery; useCacheQuery in the code that starts before
// this chunk is loaded, src/local/db.ts); network results are written here.
import Dexie, { type EntityTable } from 'dexie';
import type { ChatMessage, DocumentPages, DocumentSettings, EditorJson } from '../../common/contract';
import type { ComposerDraft } from './composer-drafts';
import { type OutboxOwner, outboxCaller } from './outbox-owner';

export interface LocalChannel {
  channelId: string;
  channelName: string;
  model: string;
  channelType: string;
  createdAt: string;
  updatedAt: string;
}

export type LocalMessage = ChatMessage;

export type OutboxOperation =
  | { kind: 'renameChannel'; channelId: string; channelName: string }
  | { kind: 'deleteChannel'; channelId: string }
  /** Sends the writing document's newest local text (read at send time, so keystrokes coalesce). */
  | { kind: 'saveWritingDoc'; docId: string }
  /** Deletes the writing document on the server (already gone locally); a 404 means it never got there. */
  | { kind: 'deleteWritingDoc'; docId: string }
  /** Saved prompts: each sends the prompt's newest local state, read at send time (see db/prompts.ts). */
  | { kind: 'addPrompt'; localId: string }
  | { kind: 'editPrompt'; localId: string }
  | { kind: 'deletePrompt'; localId: string }
  /** Sends the document settings as this device holds them at send time (see local/settings.ts). */
  | { kind: 'saveDocumentSettings' };

/** A writing document as this browser holds it; the text is saved here on every keystroke. */
export interface LocalWritingDoc {
  docId: string;
  docTitle: string;
  /** null until the server's text has been fetched (a document listed from another device). */
  content: EditorJson | null;
  /** The server revision the local text is based on; 0 for a document the server has not seen yet. */
  revision: number;
  /** The newest revision the server is known to have (ahead of `revision` when changed elsewhere). */
  serverRevision: number;
  /** 1 while local changes wait to be sent. */
  dirty: 0 | 1;
  /** Raised by every local write; a tab writes only on top of the version it last saw. */
  localVersion: number;
  /** The tab that wrote last. */
  writer: string;
  tipsExistFlag: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * A writing document without its text: what the document list shows, what a tab watches for another tab's
 * save, and what a save needs to write the document whole. Kept in step with `writingDocs` in the same
 * transaction, so none of these ever read the text, which is saved on every keystroke and can be megabytes.
 */
export type LocalWritingSummary = Omit<LocalWritingDoc, 'content'>;

/** A saved prompt as this browser holds it; `localId` stays the same when the server's id arrives. */
export interface LocalPrompt {
  localId: string;
  /** The server's id; null while the add waits in the outbox (a temporary item). */
  promptId: string | null;
  name: string;
  content: string;
  /** The client flags: is_new until the server has it, saved once it does. */
  is_new: boolean;
  saved: boolean;
  /** 1 once deleted here; the record goes when the server has the delete. */
  deleted: 0 | 1;
  updatedAt: string;
}

/** Small values of the prompts cache: the server's total, whether the list was ever loaded. */
export interface PromptMeta {
  key: 'total' | 'loadedAt';
  value: number;
}

/**
 * The account's document settings as this device holds them: the user's choices, and whether the server reads
 * scans at all (null until the server was asked). `dirty` is 1 while a change waits in the outbox.
 */
export interface LocalDocumentSettings {
  key: 'documents';
  value: Pick<DocumentSettings, 'ocr' | 'ocrLanguage'>;
  serverOcr: boolean | null;
  dirty: 0 | 1;
}

export interface OutboxEntry {
  seq?: number;
  operation: OutboxOperation;
  /** Set as the entry is stored (the outbox table's creating hook); absent on entries queued before tags. */
  owner?: OutboxOwner;
  createdAt: string;
  attempts: number;
  lastError?: string;
}

/** A document chat's file (pdf bytes) or text pages, kept so the document opens offline; named by md5. */
export interface LocalDocFile {
  md5: string;
  bytes: ArrayBuffer;
  savedAt: number;
}
export interface LocalDocPages {
  md5: string;
  pages: DocumentPages;
  savedAt: number;
}

/**
 * A waiting write's row kept aside for its account after its session ended without a logout (local/session-end.ts):
 * in no list, put back when that account signs in here again.
 */
export type SetAsideRow = { id?: number; owner: OutboxOwner } & (
  | { table: 'writingDocs'; row: LocalWritingDoc }
  | { table: 'prompts'; row: LocalPrompt }
  | { table: 'settings'; row: LocalDocumentSettings }
  /** Words typed in a chat's composer and not sent (kept in localStorage while the session lasts). */
  | { table: 'composerDrafts'; row: ComposerDraft }
);

export const writingSummaryOf = ({ content: _text, ...summary }: LocalWritingDoc): LocalWritingSummary =>
  summary;

export class ParleyDatabase extends Dexie {
  docFiles!: EntityTable<LocalDocFile, 'md5'>;
  docPages!: EntityTable<LocalDocPages, 'md5'>;
  channels!: EntityTable<LocalChannel, 'channelId'>;
  messages!: EntityTable<LocalMessage, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  writingDocs!: EntityTable<LocalWritingDoc, 'docId'>;
  writingSummaries!: EntityTable<LocalWritingSummary, 'docId'>;
  prompts!: EntityTable<LocalPrompt, 'localId'>;
  promptMeta!: EntityTable<PromptMeta, 'key'>;
  settings!: EntityTable<LocalDocumentSettings, 'key'>;
  setAside!: EntityTable<SetAsideRow, 'id'>;

  constructor(name = 'parley') {
    super(name);
    this.version(1).stores({
      channels: 'channelId, updatedAt',
      messages: 'id, channelId, [channelId+createdAt], requestId',
      outbox: '++seq, createdAt',
    });
    // Version 2 adds the writing documents; the existing tables are unchanged.
    this.version(2).stores({ writingDocs: 'docId, updatedAt' });
    // Version 3 (documents) keeps document-chat files and text for offline reading.
    this.version(3).stores({ docFiles: 'md5, savedAt', docPages: 'md5, savedAt' });
    // Version 4 adds the saved prompts cache.
    this.version(4).stores({ prompts: 'localId, promptId, updatedAt', promptMeta: 'key' });
    // Version 5 adds the writing documents' summaries, filled from the documents already kept here.
    this.version(5)
      .stores({ writingSummaries: 'docId, updatedAt' })
      .upgrade(async (tx) => {
        const docs = await tx.table<LocalWritingDoc>('writingDocs').toArray();
        await tx.table<LocalWritingSummary>('writingSummaries').bulkPut(docs.map(writingSummaryOf));
      });
    // Version 6 adds the account's settings kept on the device (the document settings).
    this.version(6).stores({ settings: 'key' });
    // Version 7 keeps an ended session's unsent rows aside for their account (local/session-end.ts).
    this.version(7).stores({ setAside: '++id' });
    // Every queued write (the outbox's own and the ones writing, prompts and settings queue) is tagged with the
    // account that made it as it is stored, so it is replayed only as that account.
    this.outbox.hook('creating', (_seq, entry) => {
      const owner = entry.owner ?? outboxCaller();
      if (owner) entry.owner = owner;
    });
  }
}

export const db = new ParleyDatabase();
