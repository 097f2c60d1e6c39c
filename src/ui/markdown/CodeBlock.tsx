import type { Element } from 'hast';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../kit/toast';
import { copyText } from './copy-text';
import { isClosedFence, useStream } from './stream';
import { codeLanguage, textOf } from './tree';

// Mermaid is large: its chunk loads only when a finished diagram is on screen.
const MermaidDiagram = lazy(() => import('./MermaidDiagram'));

function CopyButton({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (!(await copyText(code))) return;
    setCopied(true);
    toast.success(t('common.copySuccess'));
  };
  return (
    <button type="button" className="code-copy" onClick={() => void copy()} data-testid="copy-code">
      {copied ? t('markdown.copied') : t('markdown.copy')}
    </button>
  );
}

/** A fenced code block (react-markdown's `pre`): language label, copy button, and mermaid as a diagram. */
export function CodeBlock({ node, children }: { node?: Element; children?: ReactNode }) {
  const stream = useStream();
  const first = node?.children[0];
  const code = first?.type === 'element' && first.tagName === 'code' ? first : undefined;
  const language = code ? codeLanguage(code) : '';
  const text = code ? textOf(code).replace(/\n$/, '') : '';
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  // While streaming, only a block whose closing fence has arrived is finished.
  const complete =
    !stream.streaming ||
    (start !== undefined && end !== undefined && isClosedFence(stream.text.slice(start, end)));
  const plain = <pre className="code">{children}</pre>;
  return (
    <div className="code-block" data-testid="code-block" data-language={language || undefined}>
      <div className="code-header">
        <span className="code-language">{language || 'text'}</span>
        <CopyButton code={text} />
      </div>
      {language === 'mermaid' && complete ? (
        <Suspense fallback={plain}>
          <MermaidDiagram code={text} />
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}
