// Types of pagination.mjs (plain JavaScript so the parse worker starts without a TypeScript loader).
export declare const CHARS_PER_PAGE: number;
export declare const MAX_PAGE_CHARS: number;
export declare function paginateLines(lines: string[]): {
  pages: string[];
  starts: number[];
  estimated: boolean;
};
