// The local-first cache. The UI reads only from here (useLiveQuery); network results are written here.
import Dexie, { type EntityTable } from 'dexie';
import type { ChatMessage } from '../api/contract';

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
  | { kind: 'deleteChannel'; channelId: string };

export interface OutboxEntry {
  seq?: number;
  operation: OutboxOperation;
  createdAt: string;
  attempts: number;
  lastError?: string;
}

export class ParleyDatabase extends Dexie {
  channels!: EntityTable<LocalChannel, 'channelId'>;
  messages!: EntityTable<LocalMessage, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;

  constructor(name = 'parley') {
    super(name);
    this.version(1).stores({
      channels: 'channelId, updatedAt',
      messages: 'id, channelId, [channelId+createdAt], requestId',
      outbox: '++seq, createdAt',
    });
  }
}

export const db = new ParleyDatabase();
