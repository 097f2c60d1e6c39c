// The table of contents, computed from the headings (the tiptap extension is not public at 3.32.2).
import type { Editor } from '@tiptap/core';
import type { TocEntry } from '../../../machines/writing-toc';

export type { TocEntry };

export function computeToc(
  editor: Editor,
  isScrolledOver: (id: string, position: number) => boolean = () => false,
): TocEntry[] {
  const headings: { id: string; level: number; text: string; pos: number }[] = [];
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name === 'heading') {
      headings.push({
        id: String(node.attrs.id ?? ''),
        level: Number(node.attrs.level),
        text: node.textContent,
        pos,
      });
      return false;
    }
    return node.isBlock && !node.isTextblock;
  });
  const cursor = editor.state.selection.from;
  let activeIndex = -1;
  headings.forEach((heading, index) => {
    if (heading.pos <= cursor) activeIndex = index;
  });
  const entries: TocEntry[] = [];
  const minLevel = Math.min(...headings.map((h) => h.level));
  headings.forEach((heading, index) => {
    const previous = entries[index - 1];
    const relative = heading.level - minLevel + 1;
    const level = previous ? Math.min(relative, previous.level + 1) : 1;
    entries.push({
      itemIndex: index + 1,
      id: heading.id,
      originalLevel: heading.level,
      level,
      textContent: heading.text,
      position: heading.pos,
      isActive: index === activeIndex,
      isScrolledOver: isScrolledOver(heading.id, heading.pos),
    });
  });
  return entries;
}
