// A small, bomb-aware reader of zip archives (docx, pptx): the central directory is read first and any
// archive declaring more than the limits is refused before a byte is inflated; each entry is inflated with
// its declared size as a hard ceiling, so an archive that lies about sizes fails instead of filling memory.
import zlib from 'node:zlib';

export class ArchiveError extends Error {
  /** @param {'broken' | 'bomb'} reason @param {string} message */
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/**
 * @param {Buffer} buf
 * @param {{ maxEntries?: number, maxTotalBytes?: number, maxEntryBytes?: number, maxRatio?: number }} [limits]
 */
export function readZip(buf, limits = {}) {
  const maxEntries = limits.maxEntries ?? 10_000;
  const maxTotal = limits.maxTotalBytes ?? 200 * 1024 * 1024;
  const maxEntry = limits.maxEntryBytes ?? 100 * 1024 * 1024;
  const maxRatio = limits.maxRatio ?? 500;
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ArchiveError('broken', 'no zip directory');
  const count = buf.readUInt16LE(eocd + 10);
  const directoryOffset = buf.readUInt32LE(eocd + 16);
  if (count > maxEntries) throw new ArchiveError('bomb', `${count} entries`);
  /** @type {Map<string, { method: number, compressed: number, size: number, offset: number }>} */
  const entries = new Map();
  let total = 0;
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50)
      throw new ArchiveError('broken', 'bad zip directory');
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    // Zip64 markers: far beyond any document this reader accepts.
    if (size === 0xffffffff || compressed === 0xffffffff) throw new ArchiveError('bomb', `${name} is zip64`);
    total += size;
    if (size > maxEntry || total > maxTotal)
      throw new ArchiveError('bomb', `${name} expands to ${size} bytes`);
    if (size > 1024 * 1024 && size / Math.max(1, compressed) > maxRatio)
      throw new ArchiveError('bomb', `${name} compressed ${Math.round(size / Math.max(1, compressed))}:1`);
    entries.set(name, { method, compressed, size, offset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return {
    names: () => [...entries.keys()],
    has: (/** @type {string} */ name) => entries.has(name),
    /** @param {string} name @returns {Buffer | null} */
    read(name) {
      const entry = entries.get(name);
      if (!entry) return null;
      const at = entry.offset;
      if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50)
        throw new ArchiveError('broken', `bad entry ${name}`);
      const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
      const raw = buf.subarray(start, start + entry.compressed);
      if (entry.method === 0) return raw;
      if (entry.method !== 8) throw new ArchiveError('broken', `method ${entry.method}`);
      try {
        return zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
      } catch (error) {
        const code = /** @type {{ code?: string }} */ (error).code;
        if (code === 'ERR_BUFFER_TOO_LARGE') throw new ArchiveError('bomb', `${name} expands past its size`);
        throw new ArchiveError('broken', `${name}: ${String(error)}`);
      }
    },
  };
}

/**
 * A pptx's slide files in slide-number order: the text parser's pages and the picture reader's pages
 * must number slides the same way.
 * @returns {{ name: string, n: number }[]}
 */
export function slideEntries(zip) {
  return zip
    .names()
    .map((name) => ({ name, n: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] ?? Number.NaN) }))
    .filter((s) => Number.isFinite(s.n))
    .sort((a, b) => a.n - b.n);
}
