// Addresses of the writing editor's images. An <img> cannot send the owner's token, so the address itself is the
// grant: the image's md5 and a key only this server can make (an HMAC of the md5), handed out only to callers who
// proved they hold those bytes. Knowing an md5 (from a shared chat, a file of one's own) no longer fetches the
// picture, nor tells whether a picture is stored here.
import crypto from 'node:crypto';
import { type EditorJson, WritingPaths } from '../../../common/contract/index.js';

/** An editor image's address as documents store it, with or without its key. */
const IMAGE_SRC = new RegExp(`^${WritingPaths.image}/([0-9a-f]{32})(?:\\?k=[\\w-]*)?$`);
/** 128 bits of the HMAC, base64url: short enough for an attribute, long enough not to be guessed. */
const KEY_CHARS = 22;

export function createWritingImageUrls(deps: {
  secret: Buffer;
  /** Whether this user holds the bytes of this md5 (uploaded them, or had them read as their document). */
  holds: (userId: string, md5: string) => Promise<boolean>;
}) {
  const keyOf = (md5: string) =>
    crypto.createHmac('sha256', deps.secret).update(md5).digest('base64url').slice(0, KEY_CHARS);
  const urlOf = (md5: string) => `${WritingPaths.image}/${md5}?k=${keyOf(md5)}`;

  /** Each image node whose address names one of this server's editor images, with that md5. */
  function* images(node: EditorJson): Generator<{ node: EditorJson; md5: string }> {
    const src = node.attrs?.src;
    const md5 = typeof src === 'string' ? IMAGE_SRC.exec(src)?.[1] : undefined;
    if (md5) yield { node, md5 };
    for (const child of node.content ?? []) yield* images(child);
  }

  return {
    /** The address of a held image, or null when the caller has not proved they hold it. */
    async urlFor(userId: string, md5: string): Promise<string | null> {
      return (await deps.holds(userId, md5)) ? urlOf(md5) : null;
    },

    verify(md5: string, key: string | undefined): boolean {
      if (!key || key.length !== KEY_CHARS) return false;
      return crypto.timingSafeEqual(Buffer.from(key), Buffer.from(keyOf(md5)));
    },

    /**
     * The document as its owner should see it: each of its editor images they hold gets its current address.
     * Documents written before addresses had keys (and any whose server key changed) keep their pictures; an
     * address copied from someone else's document, for bytes this owner never held, is left as it is.
     */
    async signFor(userId: string, content: EditorJson): Promise<EditorJson> {
      const found = [...images(content)];
      const current = found.filter(({ node, md5 }) => node.attrs?.src !== urlOf(md5));
      if (current.length === 0) return content;
      const held = new Map<string, boolean>();
      for (const { md5 } of current) if (!held.has(md5)) held.set(md5, await deps.holds(userId, md5));
      if (![...held.values()].some(Boolean)) return content;
      const copy = structuredClone(content);
      for (const { node, md5 } of images(copy))
        if (held.get(md5) && node.attrs) node.attrs = { ...node.attrs, src: urlOf(md5) };
      return copy;
    },
  };
}
export type WritingImageUrls = ReturnType<typeof createWritingImageUrls>;
