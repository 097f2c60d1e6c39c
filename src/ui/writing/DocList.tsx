import { liveQuery } from 'dexie';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { currentLanguage } from '../../i18n';
import { writingRepository } from '../../local/writing';
import { ConfirmDelete } from '../kit/ConfirmDelete';
import { formatDocTime } from './relative-time';
import '../../i18n/writing-strings';

/** One row as drawn: a save that changes none of these (most keystrokes) draws nothing again. */
interface DocRow {
  docId: string;
  docTitle: string;
  time: string;
  unsynced: boolean;
}

const sameRows = (a: DocRow[], b: DocRow[]) =>
  a.length === b.length &&
  a.every(
    (row, i) =>
      row.docId === b[i].docId &&
      row.docTitle === b[i].docTitle &&
      row.time === b[i].time &&
      row.unsynced === b[i].unsynced,
  );

/** The documents' summaries from IndexedDB (never their texts), kept while what the list shows is unchanged. */
function useDocRows(): DocRow[] {
  const [rows, setRows] = useState<DocRow[]>([]);
  const language = currentLanguage();
  useEffect(() => {
    const repo = writingRepository();
    const subscription = liveQuery(() => repo.list()).subscribe({
      next: (summaries) => {
        const now = new Date();
        const next = summaries.map((doc) => ({
          docId: doc.docId,
          docTitle: doc.docTitle,
          time: formatDocTime(doc.updatedAt, now, language),
          unsynced: doc.dirty === 1,
        }));
        setRows((current) => (sameRows(current, next) ? current : next));
      },
      error: () => {},
    });
    return () => subscription.unsubscribe();
  }, [language]);
  return rows;
}

/** The document list, virtualised: only the rows on screen are rendered. */
export const DocList = memo(function DocList({
  activeId,
  onOpen,
  onCreate,
  onDelete,
}: {
  activeId: string | null;
  onOpen(docId: string): void;
  onCreate(): void;
  onDelete(docId: string): void;
}) {
  const { t } = useTranslation();
  const docs = useDocRows();
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
                <span className="writing-doc-time">{doc.time}</span>
                {doc.unsynced && <span className="writing-doc-unsynced" title={t('writing.savedLocally')} />}
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
});
