// Small helpers over the markdown (mdast) and HTML (hast) trees, instead of pulling in more unist utilities.
import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { Nodes as MdastNodes, Root as MdastRoot } from 'mdast';

/** The plain text of a hast node (what a code block's copy button copies). */
export function textOf(node: HastRoot | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' || node.type === 'root') {
    return (node.children as RootContent[]).map((child) => textOf(child)).join('');
  }
  return '';
}

/** The language of a `code` element from its `language-*` class, lower-cased; '' when there is none. */
export function codeLanguage(code: Element): string {
  const classes: unknown = code.properties.className;
  const list = Array.isArray(classes) ? classes : typeof classes === 'string' ? classes.split(' ') : [];
  for (const name of list) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice(9).toLowerCase();
  }
  return '';
}

const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Remark plugin: raw HTML in an answer is shown as the text it is, never parsed into elements
 * ("use the <div> element" keeps its "<div>", and "<script>" stays inert text).
 */
export function remarkHtmlAsText() {
  return (tree: MdastRoot) => {
    const visit = (node: MdastNodes) => {
      if (!('children' in node)) return;
      node.children = node.children.map((child) => {
        if (child.type !== 'html') {
          visit(child);
          return child;
        }
        const text = { type: 'text' as const, value: child.value, position: child.position };
        // Block HTML sits where paragraphs go; inline HTML already sits among text.
        return FLOW_PARENTS.has(node.type)
          ? { type: 'paragraph' as const, children: [text], position: child.position }
          : text;
      }) as typeof node.children;
    };
    visit(tree);
  };
}
