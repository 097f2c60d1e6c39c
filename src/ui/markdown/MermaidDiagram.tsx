import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded only when a diagram appears: mermaid is large.
export default function MermaidDiagram({ code }: { code: string }) {
  const { t } = useTranslation();
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void import('mermaid')
      .then(async ({ default: mermaid }) => {
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
        const { svg: drawn } = await mermaid.render(id, code);
        if (live) setSvg(drawn);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [code, id]);
  if (failed) {
    return (
      <div className="code-block">
        <pre className="code">{code}</pre>
        <p className="muted small">{t('markdown.diagramError')}</p>
      </div>
    );
  }
  if (!svg) return <pre className="code">{code}</pre>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: mermaid's strict security level sanitises the SVG it renders
  return <div className="mermaid" data-testid="mermaid" dangerouslySetInnerHTML={{ __html: svg }} />;
}
