// Types of zip-reader.mjs (plain JavaScript so the parse worker starts without a TypeScript loader).
export declare class ArchiveError extends Error {
  reason: string;
}
export interface ZipArchive {
  names(): string[];
  has(name: string): boolean;
  read(name: string): Buffer | null;
}
export declare function readZip(buf: Buffer, limits?: Record<string, number>): ZipArchive;
export declare function slideEntries(zip: ZipArchive): { n: number; name: string }[];
