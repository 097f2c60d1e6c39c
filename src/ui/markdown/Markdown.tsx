// Assistant answers as markdown: GFM, sanitised, safe links only, outside pictures only on request,
// highlighted code (highlight.js loaded for the first answer with code), lazy mermaid.
// No math plugin on purpose: "$5 and $10" is money, not an equation.
import { memo, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import { IMAGE_REF_PREFIX } from '../../../common/contract';
import { AuthImage } from '../creation/AuthImage';
import { CodeBlock } from './CodeBlock';
import { CITE_PREFIX, CiteContext, citationNumber, linkCitations } from './citations';
import { remarkGfmRead } from './gfm';
import { rehypeHighlightCode, whenHighlighterLoaded } from './highlighter';
import { isOwnOrigin, OutsideImage } from './OutsideImage';
import { isExternal, safeHref, safeImageSrc } from './safe-url';
import { StreamContext } from './stream';
import { remarkHtmlAsText } from './tree';
import './markdown.css';

// The default (GitHub) schema plus tel: links, which are kept too; safeHref still decides per link.
// Highlighting runs after sanitising, so its hljs classes need no allowance here. Ids can only come
// from footnotes (raw HTML is text), which remark-rehype already prefixes with 'user-content-';
// prefixing them again would break the footnote links.
const schema = {
  ...defaultSchema,
  clobberPrefix: '',
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
};

const remarkPlugins: Options['remarkPlugins'] = [remarkGfmRead, remarkHtmlAsText];

// Anything that is not a kept link becomes '' and is then rendered as plain text by `a` below.
const urlTransform = (url: string, key: string) =>
  (key === 'src' ? (url.startsWith(IMAGE_REF_PREFIX) ? url : safeImageSrc(url)) : safeHref(url)) ?? '';

function Citation({ href, children }: { href: string; children: ReactNode }) {
  const onCite = useContext(CiteContext);
  return (
    <sup className="citation">
      <button type="button" data-testid="citation" onClick={() => onCite?.(citationNumber(href))}>
        {children}
      </button>
    </sup>
  );
}

const components: Components = {
  a: ({ href, children }) => {
    if (href?.startsWith(CITE_PREFIX)) return <Citation href={href}>{children}</Citation>;
    const safe = href ? safeHref(href) : null;
    if (!safe) return <span className="unsafe-link">{children}</span>;
    return isExternal(safe) ? (
      <a href={safe} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <a href={safe}>{children}</a>
    );
  },
  img: ({ src, alt }) => {
    // A picture made by GPT-4o's image tool: fetched with the owner's token.
    if (typeof src === 'string' && src.startsWith(IMAGE_REF_PREFIX))
      return <AuthImage imageId={src.slice(IMAGE_REF_PREFIX.length)} alt={alt ?? ''} />;
    const safe = typeof src === 'string' ? safeImageSrc(src) : null;
    if (!safe) return alt ? <span className="unsafe-image">{alt}</span> : null;
    if (!isOwnOrigin(safe)) return <OutsideImage src={safe} alt={alt ?? ''} />;
    return <img src={safe} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />;
  },
  // Each block takes its direction from its own first strong letter, as the writing editor's paragraphs do: a
  // Dutch quote in an Arabic answer reads left to right with its full stop at its end, and the other way round.
  p: ({ children }) => <p dir="auto">{children}</p>,
  li: ({ children }) => <li dir="auto">{children}</li>,
  ul: ({ children }) => <ul dir="auto">{children}</ul>,
  ol: ({ children, start }) => (
    <ol dir="auto" start={start}>
      {children}
    </ol>
  ),
  blockquote: ({ children }) => <blockquote dir="auto">{children}</blockquote>,
  h1: ({ children }) => <h1 dir="auto">{children}</h1>,
  h2: ({ children }) => <h2 dir="auto">{children}</h2>,
  h3: ({ children }) => <h3 dir="auto">{children}</h3>,
  h4: ({ children }) => <h4 dir="auto">{children}</h4>,
  h5: ({ children }) => <h5 dir="auto">{children}</h5>,
  h6: ({ children }) => <h6 dir="auto">{children}</h6>,
  pre: CodeBlock,
  table: ({ children }) => (
    <div className="table-scroll">
      <table>{children}</table>
    </div>
  ),
};

function MarkdownView({
  text,
  streaming = false,
  onCite,
}: {
  text: string;
  streaming?: boolean;
  /** Grounded answers: [n] markers become superscripts calling this with n (null when not digits). */
  onCite?: (n: number | null) => void;
}) {
  const stream = useMemo(() => ({ text, streaming }), [text, streaming]);
  const shown = useMemo(() => (onCite ? linkCitations(text) : text), [text, onCite]);
  // Set by the highlight plugin while ReactMarkdown (a child) renders: this drawing left code plain because
  // highlight.js was not here yet; the effect below draws the answer again once it is.
  const drawnPlain = useRef(false);
  drawnPlain.current = false;
  const [, setHighlighted] = useState(0);
  const rehypePlugins = useMemo<Options['rehypePlugins']>(
    () => [
      [rehypeSanitize, schema],
      [rehypeHighlightCode, { drawnPlain: () => (drawnPlain.current = true) }],
    ],
    [],
  );
  useEffect(() => {
    if (!drawnPlain.current) return;
    return whenHighlighterLoaded(() => setHighlighted((n) => n + 1));
  });
  return (
    <CiteContext.Provider value={onCite ?? null}>
      <StreamContext.Provider value={stream}>
        <div className="markdown" dir="auto" data-streaming={streaming || undefined}>
          <ReactMarkdown
            remarkPlugins={remarkPlugins}
            rehypePlugins={rehypePlugins}
            urlTransform={urlTransform}
            components={components}
          >
            {shown}
          </ReactMarkdown>
        </div>
      </StreamContext.Provider>
    </CiteContext.Provider>
  );
}

/** Memoised: in a long chat only the answer whose text or streaming flag changed renders again. */
export const Markdown = memo(MarkdownView);
