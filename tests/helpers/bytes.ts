// Deterministic test bytes and the reference md5 every Parley digest must equal.
import SparkMD5 from 'spark-md5';

/** Pseudo-random bytes (xorshift) from a seed, so a failure is reproducible. */
export function seededBytes(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = seed | 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

export const sparkMd5 = (data: Uint8Array) => SparkMD5.ArrayBuffer.hash(data.slice().buffer as ArrayBuffer);
