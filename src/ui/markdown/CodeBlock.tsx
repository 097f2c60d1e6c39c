import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

const MermaidDiagram = lazy(() => import('./MermaidDiagram'));

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node)
    return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

/** A fenced code block: language label and copy button; mermaid blocks become diagrams once complete. */
export function CodeBlock({
  language,
  children,
  complete,
}: {
  language: string;
  children: ReactNode;
  complete: boolean;
}) {
  const { t } = useTranslation();
  const code = textOf(children).replace(/\n$/, '');
  if (language === 'mermaid' && complete) {
    return (
      <Suspense fallback={<pre className="code">{code}</pre>}>
        <MermaidDiagram code={code} />
      </Suspense>
    );
  }
  const copy = async () => {
    await navigator.clipboard.writeText(code);
    toast.success(t('common.copySuccess'));
  };
  return (
    <div className="code-block" data-testid="code-block">
      <div className="code-header">
        <span>{language || 'text'}</span>
        <button type="button" className="icon-button" onClick={() => void copy()} data-testid="copy-code">
          {t('markdown.copy')}
        </button>
      </div>
      <pre className="code">{children}</pre>
    </div>
  );
}
