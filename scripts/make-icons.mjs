// Draws Parley's icons, an indigo speech bubble holding a white "P" on white, as PNGs and an SVG,
// using only Node built-ins (PNG = zlib-deflated RGBA rows plus CRC'd chunks). Run: node scripts/make-icons.mjs
import fs from 'node:fs';
import zlib from 'node:zlib';

const INDIGO = [0x4f, 0x46, 0xe5];
const WHITE = [0xff, 0xff, 0xff];

// The logo in a 100 x 100 design box; the SVG below draws the same shapes.
const BUBBLE = { x: 16, y: 18, w: 68, h: 52, r: 16 };
const TAIL = [
  [30, 64],
  [46, 64],
  [26, 84],
];
const STEM = { x: 38, y: 28, w: 9, h: 33 };
const BOWL = { x: 38, y: 28, w: 12, h: 22, cx: 50, cy: 39, r: 11 }; // a rectangle closed by a half disc
const HOLE = { x: 47, y: 35, w: 3, h: 8, cx: 50, cy: 39, r: 4 };

const inRect = (x, y, b) => x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;
function inRoundRect(x, y, b) {
  if (!inRect(x, y, b)) return false;
  const cx = Math.min(Math.max(x, b.x + b.r), b.x + b.w - b.r);
  const cy = Math.min(Math.max(y, b.y + b.r), b.y + b.h - b.r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= b.r ** 2;
}
function inTriangle(x, y, [a, b, c]) {
  const side = (p, q) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  const s1 = side(a, b);
  const s2 = side(b, c);
  const s3 = side(c, a);
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}
const inCapped = (x, y, s) => inRect(x, y, s) || (x >= s.cx && (x - s.cx) ** 2 + (y - s.cy) ** 2 <= s.r ** 2);
const inP = (x, y) => inRect(x, y, STEM) || (inCapped(x, y, BOWL) && !inCapped(x, y, HOLE));

/** The colour of one point of the logo (design units), or null where it shows the background. */
function logo(x, y) {
  if (inP(x, y)) return WHITE;
  if (inRoundRect(x, y, BUBBLE) || inTriangle(x, y, TAIL)) return INDIGO;
  return null;
}

/**
 * @param size pixels per side
 * @param scale logo size relative to the tile (maskable icons keep it inside the 80% safe circle)
 * @param corner tile corner radius as a share of the size; 0 = full-bleed square (maskable, Apple)
 */
function png(size, { scale = 1, corner = 0 } = {}) {
  const SAMPLES = 4; // 4 x 4 supersampling for smooth edges
  const tile = { x: 0, y: 0, w: size, h: size, r: corner * size };
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = [0]; // filter type: none
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = px + (sx + 0.5) / SAMPLES;
          const y = py + (sy + 0.5) / SAMPLES;
          if (corner && !inRoundRect(x, y, tile)) continue;
          const u = 50 + ((x / size) * 100 - 50) / scale;
          const v = 50 + ((y / size) * 100 - 50) / scale;
          const colour = logo(u, v) ?? WHITE;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const n = SAMPLES * SAMPLES;
      // Colours are averaged over covered samples only, so transparent corners do not darken the edge.
      row.push(...(a ? [r / a, g / a, b / a].map(Math.round) : [0, 0, 0]), Math.round((a / n) * 255));
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Parley">
  <title>Parley</title>
  <rect width="100" height="100" rx="22" fill="#fff"/>
  <rect x="${BUBBLE.x}" y="${BUBBLE.y}" width="${BUBBLE.w}" height="${BUBBLE.h}" rx="${BUBBLE.r}" fill="#4f46e5"/>
  <path d="M${TAIL.map((p) => p.join(' ')).join(' L')} Z" fill="#4f46e5"/>
  <path fill="#fff" fill-rule="evenodd" d="M38 28 H50 A11 11 0 0 1 50 50 H47 V61 H38 Z M47 35 V43 H50 A4 4 0 0 0 50 35 Z"/>
</svg>
`;

const out = new URL('../public/icons/', import.meta.url);
fs.mkdirSync(out, { recursive: true });
const write = (name, data) => {
  fs.writeFileSync(new URL(name, out), data);
  console.log(`public/icons/${name}`);
};
write('icon-192.png', png(192, { corner: 0.22 }));
write('icon-512.png', png(512, { corner: 0.22 }));
// Maskable: full bleed; the logo's corners must stay inside the central circle of radius 40%.
write('maskable-512.png', png(512, { scale: 0.88 }));
// iOS rounds the corners itself and fills transparency with black, so a full square.
write('apple-touch-icon.png', png(180, { scale: 0.92 }));
write('favicon.svg', svg);
