// Assistant answers as markdown: GFM, sanitised (no raw HTML), safe links only, highlighted code.
import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './CodeBlock';
import { safeHref, safeImageSrc } from './safe-url';
import './markdown.css';

// Sanitising runs before highlighting, so only the language class on code needs to survive it.
const schema = {
  ...defaultSchema,
  // The spec keeps tel: links, which the default (GitHub) schema drops; safeHref still decides per link.
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./]],
  },
};

const urlTransform = (url: string, key: string) => (key === 'src' ? safeImageSrc(url) : safeHref(url)) ?? '';

function components(streaming: boolean): Components {
  return {
    a: ({ href, children }) => {
      const safe = href ? safeHref(href) : null;
      if (!safe) return <span className="unsafe-link">{children}</span>;
      const external = /^https?:/i.test(safe);
      return (
        <a href={safe} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {children}
        </a>
      );
    },
    img: ({ src, alt }) => {
      const safe = typeof src === 'string' ? safeImageSrc(src) : null;
      return safe ? <img src={safe} alt={alt ?? ''} loading="lazy" /> : <span>{alt}</span>;
    },
    pre: ({ children }) => <>{children}</>,
    code: ({ className, children, node }) => {
      const language = /language-([\w-]+)/.exec(className ?? '')?.[1] ?? '';
      const block = node?.position && node.position.start.line !== node.position.end.line;
      if (!block && !language) return <code className="inline-code">{children}</code>;
      return (
        <CodeBlock language={language} complete={!streaming}>
          <code className={className}>{children}</code>
        </CodeBlock>
      );
    },
  };
}
const settled = components(false);
const live = components(true);

function MarkdownView({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <div className="markdown" dir="auto">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[
          [rehypeSanitize, schema],
          [rehypeHighlight, { detect: false, ignoreMissing: true }],
        ]}
        urlTransform={urlTransform}
        components={streaming ? live : settled}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

export const Markdown = memo(MarkdownView);
