// Draws Parley's icons (an indigo tile with a white speech bubble) as PNGs, using only Node built-ins.
import fs from 'node:fs';
import zlib from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function icon(size, { padding = 0, rounded = true } = {}) {
  const rows = [];
  const r = size * 0.2;
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      // Rounded tile
      const cx = Math.min(Math.max(x, r), size - r);
      const cy = Math.min(Math.max(y, r), size - r);
      const inTile = !rounded || (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
      // Speech bubble: an ellipse and a tail, inside the padding
      const s = size - 2 * padding;
      const u = (x - padding) / s;
      const v = (y - padding) / s;
      const inBubble = ((u - 0.5) / 0.32) ** 2 + ((v - 0.45) / 0.24) ** 2 <= 1;
      const inTail = v > 0.6 && v < 0.8 && u > 0.3 && u < 0.42 && u - 0.3 < (0.8 - v) * 0.6;
      if (!inTile) row.push(0, 0, 0, 0);
      else if (inBubble || inTail) row.push(255, 255, 255, 255);
      else row.push(0x4f, 0x46, 0xe5, 255);
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync('public/icons', { recursive: true });
fs.writeFileSync('public/icons/icon-192.png', icon(192));
fs.writeFileSync('public/icons/icon-512.png', icon(512));
fs.writeFileSync('public/icons/maskable-512.png', icon(512, { padding: 80, rounded: false }));
fs.writeFileSync('public/icons/apple-touch-icon.png', icon(180, { rounded: false }));
fs.writeFileSync(
  'public/icons/favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Parley"><title>Parley</title><rect width="64" height="64" rx="13" fill="#4f46e5"/><ellipse cx="32" cy="29" rx="20.5" ry="15.4" fill="#fff"/><path d="M19 38 L27 38 L20 51 Z" fill="#fff"/></svg>\n`,
);
