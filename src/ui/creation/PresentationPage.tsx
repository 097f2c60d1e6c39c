// /creation/{type}/Presentation and /ppt: topic -> editable outline -> slides with live progress ->
// preview, .pptx download and print to pdf. All state lives in the presentation actor.
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESENTATION_TEMPLATES } from '../../../common/contract';
import { presentationMachine } from '../../machines/presentation.machine';
import { useSearchParams } from '../app/navigation';
import { DocumentUploader } from '../documents/DocumentUploader';
import { CreationTabs } from './CreationTabs';
import { OutlineEditor } from './OutlineEditor';
import { SlideDeck } from './SlidePreview';
import './creation.css';

function Progress(props: { label: string; done: number; total: number; onStop?: () => void }) {
  const { t } = useTranslation();
  const percent = props.total > 0 ? Math.round((props.done / props.total) * 100) : null;
  return (
    <div className="creation-progress" role="status" data-testid="creation-progress">
      <span>
        {props.label} {props.total > 0 ? `${props.done}/${props.total}` : props.done > 0 ? props.done : ''}
      </span>
      <progress max={100} value={percent ?? undefined} />
      {props.onStop && (
        <button type="button" className="secondary" onClick={props.onStop} data-testid="creation-stop">
          {t('chat.stop')}
        </button>
      )}
    </div>
  );
}

export function PresentationPage() {
  const { t } = useTranslation();
  const [state, send] = useMachine(presentationMachine);
  // The workspace opens a saved presentation with ?presentationId=.
  const opened = useSearchParams()[0].get('presentationId');
  useEffect(() => {
    if (opened) send({ type: 'OPEN', presentationId: opened });
  }, [opened, send]);
  const c = state.context;
  const step = state.value;
  const offline = c.generatedBy === 'offline';

  return (
    <article className="page creation-page" data-testid="presentation-page">
      <CreationTabs current="Presentation" />
      <header className="creation-head">
        <h1>{t('creation.presentation.title')}</h1>
        {step !== 'topic' && (
          <button type="button" className="secondary" onClick={() => send({ type: 'NEW' })}>
            {t('creation.presentation.new')}
          </button>
        )}
      </header>

      {c.error && (
        <p className="creation-error" role="alert">
          {c.error}
        </p>
      )}
      {offline && step !== 'topic' && (
        <p className="creation-offline">{t('creation.presentation.offlineExplained')}</p>
      )}

      {state.matches('topic') && (
        <>
          <form
            className="creation-form"
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'GENERATE_OUTLINE' });
            }}
          >
            <label>
              <span>{t('creation.presentation.topicLabel')}</span>
              <textarea
                value={c.topic}
                rows={3}
                maxLength={500}
                placeholder={t('creation.presentation.topicPlaceholder')}
                onChange={(e) => send({ type: 'CHANGE_TOPIC', topic: e.target.value })}
              />
            </label>
            <div className="creation-document">
              <span>{t('creation.presentation.orDocument')}</span>
              {c.md5 ? (
                <p data-testid="presentation-document">
                  {t('creation.presentation.fromDocument', { name: c.documentName ?? '' })}{' '}
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => send({ type: 'USE_DOCUMENT', md5: null, fileName: null })}
                  >
                    {t('creation.presentation.removeDocument')}
                  </button>
                </p>
              ) : (
                <DocumentUploader
                  fromPpt
                  onReady={(documents) => {
                    const document = documents[0];
                    if (document)
                      send({ type: 'USE_DOCUMENT', md5: document.md5, fileName: document.fileName });
                  }}
                />
              )}
            </div>
            <label className="creation-inline">
              <span>{t('creation.presentation.template')}</span>
              <select
                value={c.templateId}
                onChange={(e) => send({ type: 'SET_TEMPLATE', templateId: Number(e.target.value) })}
              >
                {Object.entries(PRESENTATION_TEMPLATES).map(([id, template]) => (
                  <option key={id} value={id}>
                    {t(`creation.presentation.templates.${template.name}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={!c.topic.trim() && !c.md5}>
              {t('creation.presentation.makeOutline')}
            </button>
          </form>
          {c.list.length > 0 && (
            <section className="creation-list">
              <h2>{t('creation.presentation.yours')}</h2>
              <ul>
                {c.list.map((item) => (
                  <li key={item.presentationId}>
                    <button
                      type="button"
                      className="link"
                      onClick={() => send({ type: 'OPEN', presentationId: item.presentationId })}
                    >
                      {item.title || t('creation.presentation.untitled')}
                    </button>
                    <span className="muted">
                      {t(`creation.presentation.type.${item.type}`)} ·{' '}
                      {t('creation.presentation.slides', { count: item.slideCount })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}

      {state.matches('loading') && <Progress label={t('creation.presentation.loading')} done={0} total={0} />}

      {state.matches('outlining') && (
        <>
          <Progress
            label={t('creation.presentation.writingOutline')}
            done={c.progress.done}
            total={c.progress.total}
            onStop={() => send({ type: 'STOP' })}
          />
          <OutlineEditor title={c.title} outline={c.outline} editable={false} send={send} />
        </>
      )}

      {state.matches('outline') && (
        <>
          <OutlineEditor title={c.title} outline={c.outline} editable send={send} />
          <div className="creation-actions">
            <button
              type="button"
              className="secondary"
              onClick={() => send({ type: 'ADD_SECTION', after: c.outline.length - 1 })}
            >
              {t('creation.presentation.addSection')}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => send({ type: 'GENERATE_OUTLINE' })}
              disabled={!c.topic.trim() && !c.md5}
            >
              {t('creation.presentation.redoOutline')}
            </button>
            <button type="button" onClick={() => send({ type: 'GENERATE_SLIDES' })}>
              {t('creation.presentation.makeSlides')}
            </button>
          </div>
        </>
      )}

      {(state.matches('savingOutline') || state.matches('slidesGenerating')) && (
        <>
          <Progress
            label={t('creation.presentation.makingSlides')}
            done={c.progress.done}
            total={c.progress.total}
            onStop={state.matches('slidesGenerating') ? () => send({ type: 'STOP' }) : undefined}
          />
          <SlideDeck
            title={c.title}
            topic={c.topic}
            slides={c.slides}
            templateId={c.templateId}
            offline={offline}
          />
        </>
      )}

      {state.matches('ready') && (
        <>
          <div className="creation-actions">
            <button
              type="button"
              onClick={() => send({ type: 'DOWNLOAD_PPTX' })}
              disabled={state.matches({ ready: 'downloading' })}
            >
              {t('creation.presentation.downloadPptx')}
            </button>
            <button type="button" className="secondary" onClick={() => window.print()}>
              {t('creation.presentation.downloadPdf')}
            </button>
            <button type="button" className="secondary" onClick={() => send({ type: 'EDIT_OUTLINE' })}>
              {t('creation.presentation.editOutline')}
            </button>
          </div>
          <SlideDeck
            title={c.title}
            topic={c.topic}
            slides={c.slides}
            templateId={c.templateId}
            offline={offline}
          />
        </>
      )}
    </article>
  );
}
