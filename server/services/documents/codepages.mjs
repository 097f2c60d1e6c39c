// Decoders for the Windows code pages that old Office files store text in, by number.

// Node's TextDecoder takes windows-1252 for ISO-8859-1, so 0x80-0x9F (curly quotes, dashes, the euro sign)
// would come out as control characters: those 32 are mapped here.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
export const WINDOWS_1252 = {
  /** @param {Uint8Array} bytes */
  decode: (bytes) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('latin1')
      .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]),
};

/** A decoder for a Windows code page number (\ansicpg, \cpg); an unknown one reads as Windows-1252. @param {number} codepage @returns {{ decode: (bytes: Uint8Array) => string }} */
export function decoderFor(codepage) {
  if (codepage === 1252) return WINDOWS_1252;
  const label =
    { 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5', 10000: 'macintosh', 65001: 'utf-8' }[
      codepage
    ] ?? `windows-${codepage}`;
  try {
    return new TextDecoder(label);
  } catch {
    return WINDOWS_1252;
  }
}
