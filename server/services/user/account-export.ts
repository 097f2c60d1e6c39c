// Downloading everything one made: a zip streamed as it is written (chats as Markdown and JSON, writing, prompts,
// presentations, the uploaded files and generated pictures), one chat or file in memory at a time.
import { PassThrough, type Readable } from 'node:stream';
import { asc, desc, eq } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { isLanguage, type Language, MODEL_STANDARD } from '../../../common/contract/index.js';
import type { EditorJson } from '../../../common/contract/writing.js';
import type { Database } from '../../db/client.js';
import {
  channels,
  documents,
  images,
  messages,
  presentations,
  userPrompts,
  users,
  writingDocs,
} from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import { translate } from '../../messages/index.js';
import { type ObjectStore, objectKeyForMd5 } from '../../providers/storage/object-store.js';
import type { Caller } from '../auth/sessions.js';
import { createTokenSigner } from '../signed-token.js';

const NAME_CHARS = 60;

/** A title as a file name every system accepts: no separators or control characters, not too long, never empty. */
export function safeFileName(title: string, fallback: string): string {
  const cleaned = title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return [...(cleaned || fallback)].slice(0, NAME_CHARS).join('').trim() || fallback;
}

/** The text of a writing document, its headings marked as in Markdown, for reading without Parley. */
export function editorText(node: EditorJson | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const inner = (node.content ?? []).map(editorText);
  switch (node.type) {
    case 'doc':
      return inner.join('\n\n');
    case 'heading':
      return `${'#'.repeat(Number(node.attrs?.level ?? 1))} ${inner.join('')}`;
    case 'listItem':
      return `- ${inner.join('\n').replace(/\n/g, '\n  ')}`;
    case 'bulletList':
    case 'orderedList':
    case 'taskList':
      return inner.join('\n');
    case 'codeBlock':
      return `\`\`\`\n${inner.join('')}\n\`\`\``;
    case 'blockquote':
      return inner.map((line) => `> ${line}`).join('\n');
    case 'image':
      return `![${String(node.attrs?.alt ?? '')}](${String(node.attrs?.src ?? '')})`;
    default:
      return inner.join(node.content?.some((c) => c.type !== 'text') ? '\n' : '');
  }
}

/** The reader went away (a cancelled download): the archive stops being written. */
class DownloadClosed extends Error {}

const stamp = (date: Date) => date.toISOString().slice(0, 10);

/** How long a download link works: long enough to start it, short enough that a leaked link is soon useless. */
export const EXPORT_LINK_MS = 5 * 60_000;

export function createAccountExport(deps: {
  db: Database;
  store: ObjectStore;
  logger: Logger;
  secret: Buffer;
}) {
  const { db, store, logger } = deps;
  const signer = createTokenSigner<{ userId: string; expiresAt: number; language?: Language }>(
    deps.secret,
    512,
  );
  /** Whose exports are being written on this instance: one at a time each. */
  const running = new Set<string>();

  /** The zip as a stream; entries are written one after another and wait for the reader (backpressure). */
  function archive(userId: string, language: Language): Readable {
    const word = (key: 'You' | 'Untitled' | 'Chat' | 'StandardModel') =>
      translate(language, `account.export${key}`);
    // Standard is a word, shown in the reader's language as the app shows it; GPT-4 and GPT-4o are names.
    const modelName = (model: string) => (model === MODEL_STANDARD ? word('StandardModel') : model);
    const out = new PassThrough({ highWaterMark: 256 * 1024 });
    let failed: Error | null = null;
    const zip = new Zip((error, chunk, final) => {
      if (error) {
        failed = error;
        return;
      }
      out.write(chunk);
      if (final) out.end();
    });
    /** Waits while the reader is behind, so a slow download never piles the archive up in memory. */
    const drained = async () => {
      if (failed) throw failed;
      if (out.destroyed) throw new DownloadClosed();
      if (!out.writableNeedDrain) return;
      // A download the browser gave up on never drains: its close ends the writing too (nothing is left waiting).
      await new Promise<void>((resolve, reject) => {
        const drain = () => {
          out.off('close', close);
          resolve();
        };
        const close = () => {
          out.off('drain', drain);
          reject(new DownloadClosed());
        };
        out.once('drain', drain);
        out.once('close', close);
      });
    };
    const addText = async (name: string, text: string) => {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(strToU8(text), true);
      await drained();
    };
    const addStream = async (name: string, source: Readable) => {
      // Uploaded files and pictures are already compressed: stored as they are.
      const file = new ZipPassThrough(name);
      zip.add(file);
      for await (const piece of source) {
        file.push(piece as Uint8Array, false);
        await drained();
      }
      file.push(new Uint8Array(0), true);
      await drained();
    };

    const run = async () => {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      const chats = await db
        .select()
        .from(channels)
        .where(eq(channels.ownerId, userId))
        .orderBy(desc(channels.updatedAt));
      const index: unknown[] = [];
      let n = 0;
      for (const chat of chats) {
        n += 1;
        const rows = await db
          .select({
            role: messages.role,
            content: messages.content,
            model: messages.model,
            status: messages.status,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(eq(messages.channelId, chat.id))
          .orderBy(asc(messages.position));
        const base = `chats/${String(n).padStart(4, '0')} ${safeFileName(chat.name, word('Chat'))}`;
        const markdown = [
          `# ${chat.name || word('Chat')}`,
          '',
          `${stamp(chat.createdAt)} · ${modelName(chat.model)}`,
          '',
          ...rows.flatMap((m) => [
            m.role === 'user' ? `## ${word('You')}` : `## Parley (${modelName(m.model)})`,
            '',
            m.content,
            '',
          ]),
        ].join('\n');
        await addText(`${base}.md`, markdown);
        await addText(
          `${base}.json`,
          JSON.stringify(
            {
              id: chat.id,
              name: chat.name,
              type: chat.channelType,
              createdAt: chat.createdAt,
              messages: rows,
            },
            null,
            2,
          ),
        );
        index.push({ id: chat.id, name: chat.name, file: `${base}.md` });
      }

      const docs = await db
        .select()
        .from(writingDocs)
        .where(eq(writingDocs.ownerId, userId))
        .orderBy(desc(writingDocs.updatedAt));
      n = 0;
      for (const doc of docs) {
        n += 1;
        const base = `writing/${String(n).padStart(4, '0')} ${safeFileName(doc.title, word('Untitled'))}`;
        await addText(`${base}.md`, `# ${doc.title || word('Untitled')}\n\n${editorText(doc.content)}\n`);
        await addText(`${base}.json`, JSON.stringify({ title: doc.title, content: doc.content }, null, 2));
      }

      const prompts = await db
        .select({ name: userPrompts.name, content: userPrompts.content, updatedAt: userPrompts.updatedAt })
        .from(userPrompts)
        .where(eq(userPrompts.ownerId, userId))
        .orderBy(desc(userPrompts.updatedAt));
      await addText('prompts.json', JSON.stringify(prompts, null, 2));

      const decks = await db
        .select({
          title: presentations.title,
          topic: presentations.topic,
          outline: presentations.outline,
          slides: presentations.slides,
          createdAt: presentations.createdAt,
        })
        .from(presentations)
        .where(eq(presentations.ownerId, userId))
        .orderBy(desc(presentations.updatedAt));
      await addText('presentations.json', JSON.stringify(decks, null, 2));

      // The files as uploaded, under the names they were uploaded with; a web page has its address instead.
      const uploaded = await db
        .select()
        .from(documents)
        .where(eq(documents.ownerId, userId))
        .orderBy(desc(documents.createdAt));
      const listed: unknown[] = [];
      n = 0;
      for (const doc of uploaded) {
        n += 1;
        const entry = {
          name: doc.fileName,
          type: doc.fileType,
          pages: doc.pageCount,
          url: doc.url,
          file: '',
        };
        const key = objectKeyForMd5(doc.md5);
        if (!doc.url && (await store.exists(key))) {
          entry.file = `documents/${String(n).padStart(4, '0')} ${safeFileName(doc.fileName, doc.md5)}`;
          await addStream(entry.file, await store.getStream(key));
        }
        listed.push(entry);
      }
      await addText('documents.json', JSON.stringify(listed, null, 2));

      const pictures = await db
        .select()
        .from(images)
        .where(eq(images.ownerId, userId))
        .orderBy(desc(images.createdAt));
      const pictureList: unknown[] = [];
      n = 0;
      for (const picture of pictures) {
        n += 1;
        const key = objectKeyForMd5(picture.md5);
        const extension = picture.contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
        const file = `images/${String(n).padStart(4, '0')}.${extension.replace(/[^a-z0-9]/g, '')}`;
        if (await store.exists(key)) await addStream(file, await store.getStream(key));
        pictureList.push({ prompt: picture.prompt, createdAt: picture.createdAt, file });
      }
      await addText('images.json', JSON.stringify(pictureList, null, 2));

      await addText(
        'account.json',
        JSON.stringify(
          {
            email: user?.email ?? null,
            exportedAt: new Date().toISOString(),
            chats: index.length,
            writing: docs.length,
            prompts: prompts.length,
            presentations: decks.length,
            documents: uploaded.length,
            images: pictures.length,
          },
          null,
          2,
        ),
      );
      zip.end();
    };
    run().catch((error: unknown) => {
      if (error instanceof DownloadClosed) return;
      // Headers are sent: the download ends broken (the browser says it failed) rather than looking complete.
      logger.warn({ err: error }, 'an export stopped');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return out;
  }

  return {
    /**
     * A signed link to the caller's export, so the browser downloads it to disk itself (a phone need not hold a
     * large archive in memory, and the link needs no Authorization header).
     */
    link(caller: Caller, language: Language, now = Date.now()): string {
      // The browser's download sends no language header: the link carries the language the app asked in.
      return signer.seal({ userId: caller.userId, expiresAt: now + EXPORT_LINK_MS, language });
    },
    /** The user a link was made for and the language of its zip, if it is ours, untampered and not expired. */
    open(token: string | undefined, now = Date.now()): { userId: string; language: Language } | null {
      const sealed = signer.open(token, now);
      if (!sealed) return null;
      return { userId: sealed.userId, language: isLanguage(sealed.language) ? sealed.language : 'en' };
    },
    /** The archive for a user, or null while another of theirs is still being written on this instance. */
    stream(userId: string, language: Language): Readable | null {
      if (running.has(userId)) return null;
      running.add(userId);
      const out = archive(userId, language);
      out.once('close', () => running.delete(userId));
      return out;
    },
  };
}
export type AccountExport = ReturnType<typeof createAccountExport>;
