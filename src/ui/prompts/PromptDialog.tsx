// The saved-prompt dialog (opened by PromptLibrary's button): search, add, edit, delete and use prompts. Reads
// only from Dexie; changes go through the prompts repository (optimistic, sent by the outbox).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_CONTENT_MAX, PROMPT_NAME_MAX } from '../../../common/contract';
import { promptApi } from '../../api/prompts';
import { type PromptProblem, promptProblem, prompts } from '../../local/prompts';
import type { LocalPrompt } from '../../local/schema';
import { syncNow } from '../../machines/sync';
import { analytics } from '../../workers/analytics';
import { ConfirmDelete } from '../kit/ConfirmDelete';
import { Modal } from '../kit/Modal';
import './prompts.css';
import { searchKey } from '../../../common/text';

type Editing = { localId: string | null; name: string; content: string } | null;

const problemKey = (problem: PromptProblem) => `prompts.errors.${problem.replace('prompt.', '')}` as const;

export function PromptDialog({
  open,
  onOpenChange,
  onUse,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onUse?(content: string): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [problem, setProblem] = useState<PromptProblem | null>(null);
  const [recent, setRecent] = useState<string[]>([]);
  const items = useLiveQuery(() => prompts.visible(), [], [] as LocalPrompt[]);
  const total = useLiveQuery(() => prompts.total(), [], 0);

  useEffect(() => {
    if (!open) return;
    // The cache shows at once; the server's list replaces it when it answers (and nothing waits to sync).
    void prompts.refresh().catch(() => {});
    void promptApi
      .recentSearch(undefined, { suppressAlert: true })
      .then((r) => setRecent(r.keys))
      .catch(() => {});
  }, [open]);

  const shown = useMemo(() => {
    const key = searchKey(query.trim());
    if (!key) return items;
    return items.filter((p) => searchKey(p.name).includes(key) || searchKey(p.content).includes(key));
  }, [items, query]);

  const rememberSearch = () => {
    const key = query.trim();
    if (!key) return;
    void promptApi
      .recentSearch(key, { suppressAlert: true })
      .then((r) => setRecent(r.keys))
      .catch(() => {});
  };

  const save = async () => {
    if (!editing) return;
    const found = promptProblem(editing);
    setProblem(found);
    if (found) return;
    if (editing.localId) await prompts.edit(editing.localId, editing);
    else {
      await prompts.add(editing);
      void analytics.track('prompt_add');
    }
    setEditing(null);
    void syncNow();
  };

  const nameLength = editing ? Array.from(editing.name.trim()).length : 0;
  const nameTooLong = nameLength > PROMPT_NAME_MAX;
  // A name past the limit is said at once, while typing; other problems (and this one once fixed) wait for Save.
  const shownProblem: PromptProblem | null = nameTooLong
    ? 'prompt.nameTooLong'
    : problem === 'prompt.nameTooLong'
      ? null
      : problem;
  const error = shownProblem && (
    <p className="error-text" role="alert" id="prompt-error" data-testid="prompt-error">
      {t(problemKey(shownProblem))}
    </p>
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setEditing(null);
      }}
      title={t('prompts.title')}
      description={t('prompts.description')}
      width={640}
      className="prompt-dialog"
      testId="prompts-dialog"
    >
      <div className="prompt-bar">
        <input
          type="search"
          value={query}
          placeholder={t('prompts.search')}
          aria-label={t('prompts.search')}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && rememberSearch()}
          onBlur={rememberSearch}
          data-testid="prompts-search"
        />
        <span className="small muted" data-testid="prompts-total">
          {t('prompts.count', { count: total })}
        </span>
        <button
          type="button"
          className="button primary"
          onClick={() => {
            setProblem(null);
            setEditing({ localId: null, name: '', content: '' });
          }}
          data-testid="prompt-new"
        >
          {t('prompts.add')}
        </button>
      </div>
      {recent.length > 0 && (
        <div className="prompt-recent small" data-testid="prompts-recent">
          <span className="muted">{t('prompts.recent')}</span>
          {recent.map((key) => (
            <button key={key} type="button" className="chip" onClick={() => setQuery(key)}>
              {key}
            </button>
          ))}
        </div>
      )}
      {editing && (
        <form
          className="prompt-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          data-testid="prompt-form"
        >
          <label>
            <span className="small muted">
              {t('prompts.name')}{' '}
              <span className={nameTooLong ? 'error-text' : undefined} data-testid="prompt-name-count">
                {t('prompts.nameCount', { count: nameLength, max: PROMPT_NAME_MAX })}
              </span>
            </span>
            {/* No maxLength: a pasted or typed name past the limit is kept whole (not cut without a word) and
                said to be too long while it is typed, so the person chooses what to drop. */}
            <input
              value={editing.name}
              dir="auto"
              aria-invalid={nameTooLong || undefined}
              aria-describedby={shownProblem ? 'prompt-error' : undefined}
              onChange={(event) => setEditing({ ...editing, name: event.target.value })}
              data-testid="prompt-name"
            />
          </label>
          {/* Said under the name, where the eye is while typing it. */}
          {nameTooLong && error}
          <label>
            <span className="small muted">{t('prompts.content')}</span>
            <textarea
              rows={5}
              dir="auto"
              value={editing.content}
              maxLength={PROMPT_CONTENT_MAX * 2}
              onChange={(event) => setEditing({ ...editing, content: event.target.value })}
              data-testid="prompt-content"
            />
          </label>
          {shownProblem && !nameTooLong && error}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setEditing(null)}>
              {t('prompts.cancel')}
            </button>
            <button type="submit" className="button primary" data-testid="prompt-save">
              {t('prompts.save')}
            </button>
          </div>
        </form>
      )}
      <ul className="prompt-list" data-testid="prompt-list">
        {shown.length === 0 && (
          <li className="muted small">{query ? t('prompts.noMatch') : t('prompts.empty')}</li>
        )}
        {shown.map((item) => (
          <li
            key={item.localId}
            className="prompt-item"
            data-testid="prompt-item"
            data-saved={item.saved ? 'true' : 'false'}
          >
            <div className="prompt-text">
              <strong dir="auto" data-testid="prompt-item-name">
                {item.name}
              </strong>
              <span className="small muted prompt-preview" dir="auto" data-testid="prompt-item-content">
                {item.content}
              </span>
              {!item.saved && <span className="small muted">{t('prompts.pending')}</span>}
            </div>
            <div className="prompt-actions">
              {onUse && (
                <button
                  type="button"
                  className="button small primary"
                  onClick={() => {
                    onUse(item.content);
                    onOpenChange(false);
                  }}
                  data-testid="prompt-use"
                >
                  {t('prompts.use')}
                </button>
              )}
              <button
                type="button"
                className="button small"
                onClick={() => {
                  setProblem(null);
                  setEditing({ localId: item.localId, name: item.name, content: item.content });
                }}
                data-testid="prompt-edit"
              >
                {t('prompts.edit')}
              </button>
              {/* Asks first, as every other list does: one tap beside Use and Edit deleted it on every device. */}
              <ConfirmDelete
                title={t('prompts.deleteConfirm', { name: item.name })}
                body={t('prompts.deleteConfirmBody')}
                onConfirm={async () => {
                  await prompts.remove(item.localId);
                  void syncNow();
                }}
              />
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
