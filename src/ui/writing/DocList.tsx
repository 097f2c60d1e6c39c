import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { currentLanguage } from '../../i18n';
import type { LocalWritingDoc } from '../../local/schema';
import { ConfirmDelete } from '../kit/ConfirmDelete';
import { formatDocTime } from './relative-time';

/** The document list, virtualised: only the rows on screen are rendered. */
export function DocList({
  docs,
  activeId,
  onOpen,
  onCreate,
  onDelete,
}: {
  docs: LocalWritingDoc[];
  activeId: string | null;
  onOpen(docId: string): void;
  onCreate(): void;
  onDelete(docId: string): void;
}) {
  const { t } = useTranslation();
  const now = new Date();
  return (
    <aside className="writing-docs" data-testid="writing-docs">
      <button type="button" className="button primary" onClick={onCreate} data-testid="writing-new">
        {t('writing.newDoc')}
      </button>
      {docs.length === 0 ? (
        <p className="writing-docs-empty">{t('writing.noDocs')}</p>
      ) : (
        <Virtuoso
          className="writing-docs-list"
          data={docs}
          computeItemKey={(_, doc) => doc.docId}
          itemContent={(_, doc) => (
            <div
              className={`writing-doc-row${doc.docId === activeId ? ' active' : ''}`}
              data-testid="writing-doc"
            >
              <button
                type="button"
                className={`writing-doc${doc.docId === activeId ? ' active' : ''}`}
                onClick={() => onOpen(doc.docId)}
              >
                <span className="writing-doc-title" dir="auto">
                  {doc.docTitle || t('writing.untitled')}
                </span>
                <span className="writing-doc-time">
                  {formatDocTime(doc.updatedAt, now, currentLanguage())}
                </span>
                {doc.dirty === 1 && (
                  <span className="writing-doc-unsynced" title={t('writing.savedLocally')} />
                )}
              </button>
              <ConfirmDelete
                title={t('writing.deleteDoc', { title: doc.docTitle || t('writing.untitled') })}
                body={t('writing.deleteDocBody')}
                onConfirm={() => onDelete(doc.docId)}
              />
            </div>
          )}
        />
      )}
    </aside>
  );
}
