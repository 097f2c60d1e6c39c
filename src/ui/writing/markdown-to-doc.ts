// An AI answer (Markdown) as editor blocks: headings, lists, quotes, code fences and paragraphs with bold,
// italic, inline code and safe links. Enough for answers; not a full Markdown parser.
import type { EditorJson } from '../../../common/contract';
import { safeHref } from '../markdown/safe-url';

type Mark = NonNullable<EditorJson['marks']>[number];

function inline(text: string): EditorJson[] {
  const nodes: EditorJson[] = [];
  const pattern = /(\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/g;
  let last = 0;
  const push = (value: string, marks?: Mark[]) => {
    if (value) nodes.push({ type: 'text', text: value, ...(marks ? { marks } : {}) });
  };
  for (const match of text.matchAll(pattern)) {
    push(text.slice(last, match.index));
    if (match[2]) push(match[2], [{ type: 'bold' }]);
    else if (match[3]) push(match[3], [{ type: 'italic' }]);
    else if (match[4]) push(match[4], [{ type: 'code' }]);
    else {
      const href = safeHref(match[6] ?? '');
      push(match[5] ?? '', href ? [{ type: 'link', attrs: { href } }] : undefined);
    }
    last = (match.index ?? 0) + match[0].length;
  }
  push(text.slice(last));
  return nodes;
}

const paragraph = (text: string): EditorJson => {
  const content = inline(text);
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};

export function markdownToBlocks(markdown: string): EditorJson[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: EditorJson[] = [];
  let buffer: string[] = [];
  const flush = () => {
    if (buffer.length) blocks.push(paragraph(buffer.join(' ')));
    buffer = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^```\s*([\w+#-]*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      const text = code.join('\n');
      blocks.push({
        type: 'codeBlock',
        attrs: { lang: fence[1] || 'javascript' },
        ...(text ? { content: [{ type: 'text', text }] } : {}),
      });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const ordered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const quote = /^>\s?(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', attrs: { level: heading[1].length }, content: inline(heading[2]) });
    } else if (bullet || ordered) {
      flush();
      const type = bullet ? 'bulletList' : 'orderedList';
      const item = { type: 'listItem', content: [paragraph((bullet ?? ordered)![1])] };
      const previous = blocks.at(-1);
      if (previous?.type === type) previous.content?.push(item);
      else blocks.push({ type, content: [item] });
    } else if (quote) {
      flush();
      const previous = blocks.at(-1);
      if (previous?.type === 'blockquote') previous.content?.push(paragraph(quote[1]));
      else blocks.push({ type: 'blockquote', content: [paragraph(quote[1])] });
    } else if (!line.trim()) {
      flush();
    } else {
      buffer.push(line.trim());
    }
  }
  flush();
  return blocks;
}
