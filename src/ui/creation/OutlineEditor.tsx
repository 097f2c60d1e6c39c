// The editable outline: title, sections with their points (one a line), reorder, add and remove.
import { useTranslation } from 'react-i18next';
import type { OutlineSection } from '../../../common/contract';
import type { PresentationEvent } from '../../machines/presentation.machine';

export function OutlineEditor(props: {
  title: string;
  outline: OutlineSection[];
  editable: boolean;
  send: (event: PresentationEvent) => void;
}) {
  const { t } = useTranslation();
  const { send, outline, editable } = props;
  return (
    <div className="outline-editor" data-testid="outline">
      <label className="outline-title">
        <span>{t('creation.presentation.titleLabel')}</span>
        <input
          value={props.title}
          readOnly={!editable}
          maxLength={200}
          onChange={(e) => send({ type: 'SET_TITLE', title: e.target.value })}
        />
      </label>
      <ol className="outline-sections">
        {outline.map((section, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: sections are edited in place by position
          <li key={index} className="outline-section" data-testid="outline-section">
            <div className="outline-section-head">
              <span className="outline-number">{index + 1}</span>
              <input
                aria-label={t('creation.presentation.sectionTitle', { n: index + 1 })}
                value={section.title}
                readOnly={!editable}
                maxLength={200}
                placeholder={t('creation.presentation.sectionPlaceholder')}
                onChange={(e) => send({ type: 'SECTION_TITLE', index, title: e.target.value })}
              />
              {editable && (
                <span className="outline-tools">
                  <button
                    type="button"
                    disabled={index === 0}
                    aria-label={t('creation.presentation.moveUp', { n: index + 1 })}
                    onClick={() => send({ type: 'MOVE', index, by: -1 })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    disabled={index === outline.length - 1}
                    aria-label={t('creation.presentation.moveDown', { n: index + 1 })}
                    onClick={() => send({ type: 'MOVE', index, by: 1 })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    aria-label={t('creation.presentation.addAfter', { n: index + 1 })}
                    onClick={() => send({ type: 'ADD_SECTION', after: index })}
                  >
                    +
                  </button>
                  <button
                    type="button"
                    aria-label={t('creation.presentation.remove', { n: index + 1 })}
                    disabled={outline.length === 1}
                    onClick={() => send({ type: 'REMOVE_SECTION', index })}
                  >
                    ×
                  </button>
                </span>
              )}
            </div>
            <textarea
              aria-label={t('creation.presentation.sectionPoints', { n: index + 1 })}
              value={section.points.join('\n')}
              readOnly={!editable}
              rows={Math.max(2, section.points.length)}
              placeholder={t('creation.presentation.pointsPlaceholder')}
              onChange={(e) => send({ type: 'SECTION_POINTS', index, text: e.target.value })}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
