// /workspace/{routeType}/{fileCategory}: the user's files by category, uploaded or made with AI.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import {
  DocumentPaths,
  WORKSPACE_CATEGORIES,
  type WorkspaceCategory,
  type WorkspaceFile,
} from '../../../common/contract';
import { request } from '../../api/http';
import { currentLanguage } from '../../i18n';
import { docFiles } from '../../local/documents';
import { writingRepository } from '../../local/writing';
import { Link } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { useAuthState } from '../app/root-context';
import { ConfirmDelete } from '../kit/ConfirmDelete';
import { EmptyState, Skeleton } from '../kit/Skeleton';
import { toast } from '../kit/toast';
import './doc-chat.css';
import { PromptLibrary } from '../prompts/PromptLibrary';
import { ReadAgainButton } from './ReadAgainButton';

/** Workspace categories whose files are documents read from an upload (their id is the file's md5). */
const DOCUMENT_CATEGORIES = new Set<string>(['pdf', 'doc', 'ppt', 'image']);

const ROUTE_TYPES = [
  { value: 'uploaded', label: 'documents.uploaded' },
  { value: 'ai', label: 'documents.generated' },
] as const;

export function WorkspacePage() {
  const { t } = useTranslation();
  const to = useLangPath();
  const { routeType = 'uploaded', fileCategory = 'all' } = useParams();
  const category = (WORKSPACE_CATEGORIES as readonly string[]).includes(fileCategory)
    ? (fileCategory as WorkspaceCategory)
    : 'all';
  const [files, setFiles] = useState<WorkspaceFile[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The list is the caller's: asked only once the caller is known. Opened first on a first visit, it was asked
  // before the visit had a token and answered 401, shown as "The document could not be shown".
  const { ready } = useAuthState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) is what asks again
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    setFiles(null);
    setFailed(false);
    request<WorkspaceFile[]>('GET', `${DocumentPaths.workspace}/${routeType}/${category}`, {
      signal: controller.signal,
      suppressAlert: true,
    }).then(setFiles, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [routeType, category, ready, attempt]);

  const remove = async (file: WorkspaceFile) => {
    try {
      await request<boolean>('POST', DocumentPaths.workspaceDelete, {
        body: { category: file.category, id: file.id },
        suppressAlert: true,
      });
    } catch {
      toast.error(t('documents.deleteFailed'));
      return;
    }
    setFiles(
      (current) => current?.filter((f) => !(f.id === file.id && f.category === file.category)) ?? null,
    );
    // A writing document also lives on this device: it goes from there too.
    if (file.category === 'writing') await writingRepository().forget(file.id);
    if (DOCUMENT_CATEGORIES.has(file.category)) await docFiles.forget(file.id);
    toast.success(t('documents.fileDeleted'));
  };

  return (
    <article className="page workspace" data-testid="workspace">
      <header className="workspace-header">
        <h1>{t('documents.workspace')}</h1>
        {/* Saved prompts are kept and edited from the workspace too: an action of the page, beside its title. */}
        <PromptLibrary />
      </header>
      <nav className="workspace-tabs" aria-label={t('documents.workspace')}>
        {ROUTE_TYPES.map((type) => (
          <Link
            key={type.value}
            to={to(`/workspace/${type.value}/${category}`)}
            aria-current={
              routeType === type.value || (type.value === 'uploaded' && routeType === 'manual')
                ? 'page'
                : undefined
            }
          >
            {t(type.label)}
          </Link>
        ))}
      </nav>
      <nav className="workspace-tabs" aria-label={t('documents.documents')}>
        {WORKSPACE_CATEGORIES.map((c) => (
          <Link
            key={c}
            to={to(`/workspace/${routeType}/${c}`)}
            aria-current={c === category ? 'page' : undefined}
            data-testid={`workspace-category-${c}`}
          >
            {t(`documents.categories.${c}`)}
          </Link>
        ))}
      </nav>
      {/* The list, not a document, could not be had (the server unreachable): said so, with another try. */}
      {failed && (
        <EmptyState
          text={t('documents.workspaceFailed')}
          action={
            <button
              type="button"
              className="button primary"
              onClick={() => setAttempt((n) => n + 1)}
              data-testid="workspace-retry"
            >
              {t('documents.workspaceRetry')}
            </button>
          }
        />
      )}
      {!files && !failed && <Skeleton lines={4} label={t('documents.loadingDocument')} />}
      {files && files.length === 0 && (
        <EmptyState
          text={t('documents.workspaceEmpty')}
          action={
            <Link to={to('/chatwithdoc')} className="button primary" data-testid="workspace-upload">
              {t('documents.workspaceUpload')}
            </Link>
          }
        />
      )}
      {files && files.length > 0 && (
        <ul className="workspace-files">
          {files.map((file) => (
            <li
              key={`${file.category}-${file.id}`}
              data-testid="workspace-file"
              data-category={file.category}
            >
              <Link to={to(file.href)} dir="auto">
                {file.name}
              </Link>
              <span className="muted small">
                {/* Each piece isolated, so "PDF", a count and a date keep their order in either direction. */}
                <bdi>{t(`documents.categories.${file.category}`)}</bdi>
                {file.pageCount ? (
                  <>
                    {' · '}
                    <bdi data-testid="workspace-file-pages">
                      {t('documents.pages', { count: file.pageCount })}
                    </bdi>
                  </>
                ) : null}
                {' · '}
                <bdi>
                  {new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(
                    new Date(file.updatedAt),
                  )}
                </bdi>
              </span>
              {/* An uploaded file can be read again (a scan added while OCR was off); a web page or what AI made cannot. */}
              {file.readAgain && <ReadAgainButton md5={file.id} />}
              <ConfirmDelete
                title={t('documents.deleteFile', { name: file.name })}
                body={t('documents.deleteFileBody')}
                onConfirm={() => remove(file)}
              />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
