import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDarkTheme } from '../theme/theme';

type State = { svg: string } | { failed: true } | null;

async function draw(id: string, code: string, dark: boolean): Promise<string> {
  const { default: mermaid } = await import('mermaid');
  // 'strict' keeps scripts and click handlers out of the SVG; without suppressErrorRendering a syntax
  // error leaves mermaid's bomb graphic appended to <body>.
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    suppressErrorRendering: true,
    theme: dark ? 'dark' : 'default',
  });
  await mermaid.parse(code);
  return (await mermaid.render(id, code)).svg;
}

/** A finished ```mermaid block drawn as a diagram; the code stays visible while loading or on an error. */
export default function MermaidDiagram({ code }: { code: string }) {
  const { t } = useTranslation();
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [state, setState] = useState<State>(null);
  // A theme change draws the diagram again in the matching colours.
  const dark = useDarkTheme();
  useEffect(() => {
    let live = true;
    setState(null);
    draw(id, code, dark).then(
      (svg) => live && setState({ svg }),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [code, id, dark]);
  if (state && 'svg' in state) {
    return (
      <div
        className="mermaid-diagram"
        data-testid="mermaid"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: mermaid's strict level passes the SVG through DOMPurify
        dangerouslySetInnerHTML={{ __html: state.svg }}
      />
    );
  }
  return (
    <>
      <pre className="code">
        <code>{code}</code>
      </pre>
      {state && (
        <p className="diagram-error" role="note" data-testid="diagram-error">
          {t('markdown.diagramError')}
        </p>
      )}
    </>
  );
}
