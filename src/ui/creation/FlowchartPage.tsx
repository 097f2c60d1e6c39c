// /creation/{type}/Flowchart: describe the steps, get a Mermaid flowchart drawn on the page.
import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { flowchartMachine } from '../../machines/flowchart.machine';
import { CreationTabs } from './CreationTabs';
import './creation.css';

const MermaidDiagram = lazy(() => import('../markdown/MermaidDiagram'));

export function FlowchartPage() {
  const { t } = useTranslation();
  const [state, send] = useMachine(flowchartMachine);
  const c = state.context;
  const busy = state.matches('generating');
  return (
    <article className="page creation-page" data-testid="flowchart-page">
      <CreationTabs />
      <h1>{t('creation.flowchart.title')}</h1>
      <form
        className="creation-form"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'GENERATE' });
        }}
      >
        <label>
          <span>{t('creation.flowchart.promptLabel')}</span>
          <textarea
            value={c.prompt}
            rows={4}
            maxLength={2000}
            placeholder={t('creation.flowchart.placeholder')}
            onChange={(e) => send({ type: 'CHANGE', prompt: e.target.value })}
          />
        </label>
        <button type="submit" disabled={busy || !c.prompt.trim()}>
          {busy ? t('creation.flowchart.drawing') : t('creation.flowchart.draw')}
        </button>
      </form>
      {c.error && (
        <p className="creation-error" role="alert">
          {c.error}
        </p>
      )}
      {c.generatedBy === 'offline' && <p className="creation-offline">{t('creation.flowchart.offline')}</p>}
      {c.code && (
        <section className="flowchart-result" data-testid="flowchart">
          <Suspense fallback={<pre>{c.code}</pre>}>
            <MermaidDiagram code={c.code} />
          </Suspense>
          <details>
            <summary>{t('creation.flowchart.code')}</summary>
            <pre data-testid="flowchart-code">{c.code}</pre>
          </details>
        </section>
      )}
    </article>
  );
}
