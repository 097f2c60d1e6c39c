// /creation/{type}/Flowchart: describe the steps, get a Mermaid flowchart drawn on the page.
import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { flowchartMachine } from '../../machines/flowchart.machine';
import { CreationTabs } from './CreationTabs';
import { PromptForm } from './PromptForm';
import './creation.css';

const MermaidDiagram = lazy(() => import('../markdown/MermaidDiagram'));

export function FlowchartPage() {
  const { t } = useTranslation();
  const [state, send] = useMachine(flowchartMachine);
  const c = state.context;
  const busy = state.matches('generating');
  return (
    <article className="page creation-page" data-testid="flowchart-page">
      <CreationTabs current="Flowchart" />
      <h1>{t('creation.flowchart.title')}</h1>
      <PromptForm
        label={t('creation.flowchart.promptLabel')}
        placeholder={t('creation.flowchart.placeholder')}
        value={c.prompt}
        rows={4}
        maxLength={2000}
        busy={busy}
        submitLabel={t('creation.flowchart.draw')}
        busyLabel={t('creation.flowchart.drawing')}
        error={c.error}
        onChange={(prompt) => send({ type: 'CHANGE', prompt })}
        onSubmit={() => send({ type: 'GENERATE' })}
      />
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
