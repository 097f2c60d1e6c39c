import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paths, type ReleaseNote } from '../../../common/contract';
import { request } from '../../api/http';

export function ReleaseNotesPage() {
  const { t, i18n } = useTranslation();
  const [notes, setNotes] = useState<ReleaseNote[] | null>(null);
  const language = i18n.language;
  // The server writes the notes in the request's language, so a language change fetches them again.
  useEffect(() => {
    void language;
    request<ReleaseNote[]>('GET', Paths.releaseNotes, { suppressAlert: true })
      .then(setNotes)
      .catch(() => setNotes([]));
  }, [language]);
  return (
    <article className="page" data-testid="release-notes">
      <h1>{t('releaseNotes.title')}</h1>
      {notes?.map((note) => (
        <section key={note.version}>
          <h2>
            {note.version}{' '}
            <span className="muted small">
              {new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
                new Date(`${note.date}T00:00:00Z`),
              )}
            </span>
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
