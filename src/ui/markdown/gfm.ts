// GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks, footnotes) for reading only: the two
// parser extensions remark-gfm adds, without the third, its Markdown writer (gfmToMarkdown brings
// mdast-util-to-markdown and markdown-table into the answers' chunk; an answer is never written back as Markdown).
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type {} from 'remark-parse';
import type { Processor } from 'unified';

export function remarkGfmRead(this: Processor) {
  const data = this.data();
  data.micromarkExtensions ??= [];
  data.micromarkExtensions.push(gfm());
  data.fromMarkdownExtensions ??= [];
  data.fromMarkdownExtensions.push(gfmFromMarkdown());
}
