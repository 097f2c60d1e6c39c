import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paths, type ReleaseNote } from '../../api/contract';
import { request } from '../../api/http';
import './pages.css';

export function ReleaseNotesPage() {
  const { t } = useTranslation();
  const [notes, setNotes] = useState<ReleaseNote[] | null>(null);
  useEffect(() => {
    request<ReleaseNote[]>('GET', Paths.releaseNotes, { suppressAlert: true })
      .then(setNotes)
      .catch(() => setNotes([]));
  }, []);
  return (
    <article className="page" data-testid="release-notes">
      <h1>{t('releaseNotes.title')}</h1>
      {notes?.map((note) => (
        <section key={note.version}>
          <h2>
            {note.version} <span className="muted small">{note.date}</span>
          </h2>
          <ul>
            {note.notes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
