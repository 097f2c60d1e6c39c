// /chatwithdoc: the document chat entry. Upload files (or name a web page), then open a document chat
// over them; the one-chat state is stored and the chat opens at /chat/{channelId}.
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CreatedDocument, DocChatCreated } from '../../../common/contract';
import { docsApi } from '../../api/documents';
import { ApiError } from '../../api/http';
import { userApi } from '../../api/user';
import { saveOneChatState } from '../../local/one-chat-state';
import { useSearchParams } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { useAuthState, useRootActor } from '../app/root-context';
import { useLanding, useModelChoice } from '../chat/use-models';
import { takeAttachedFiles } from './attached-files';
import { DocumentUploader } from './DocumentUploader';
import { uploadErrorText } from './upload-errors';
import './doc-chat.css';

export function ChatWithDocPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const to = useLangPath();
  const auth = useAuthState();
  const root = useRootActor();
  const { model } = useModelChoice(useLanding(), auth.user, auth.isGuest, (prompt) =>
    root.send({ type: 'UPGRADE.REQUIRED', prompt }),
  );
  const [ready, setReady] = useState<CreatedDocument[]>([]);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The operator may change the Free plan's daily documents: the hint follows the server's number.
  const [dailyDocuments, setDailyDocuments] = useState<number | null>(null);
  const freePlan = auth.ready && !auth.user?.isPro;
  useEffect(() => {
    if (!freePlan) return;
    userApi.usage().then(
      (usage) => setDailyDocuments(usage.docUploadLimitHint),
      () => setDailyDocuments(null),
    );
  }, [freePlan]);

  // Attached in the main composer: once they are ready their document chat opens by itself.
  const [attached] = useState(takeAttachedFiles);
  const autoOpen = useRef(attached.length > 0);
  // A file that failed leaves the others to chat with (its row says why); files attached in the composer open
  // by themselves only when all of them were read, so a failure is seen before the page is left.
  const [allRead, setAllRead] = useState(false);
  const onReady = useCallback((documents: CreatedDocument[], all: boolean) => {
    setReady(documents);
    setAllRead(all);
  }, []);
  useEffect(() => {
    if (!autoOpen.current || !allRead) return;
    autoOpen.current = false;
    void open({ md5s: ready.map((d) => d.md5) });
  });

  const open = async (body: { md5s?: string[]; url?: string }) => {
    setBusy(true);
    setError(null);
    try {
      const created: DocChatCreated = await docsApi.createDocChat({
        ...body,
        model,
        // The call's pictures flag, as the app has always sent it (pictures are read when their panel opens).
        extract_img_5k: true,
        channelType: 'ONE_CHAT',
      });
      saveOneChatState({ channelId: created.channel_id, docs: created.docs, model: created.model });
      navigate(to(`/chat/${created.channel_id}`));
    } catch (cause) {
      const api = cause instanceof ApiError ? cause : null;
      setError(
        uploadErrorText(t, {
          code: api?.code ?? null,
          message: api?.message ?? '',
          network: api?.kind === 'network',
          storeCode: null,
          stage: 'parse',
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  // Opened from the workspace with ?md5=: a new chat over that document.
  const [params] = useSearchParams();
  const fromWorkspace = params.get('md5');
  const started = useRef(false);
  useEffect(() => {
    if (!fromWorkspace || started.current || !auth.ready) return;
    started.current = true;
    void open({ md5s: [fromWorkspace] });
  });

  const submitUrl = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) void open({ url: url.trim() });
  };

  return (
    <article className="page doc-entry" data-testid="chatwithdoc">
      <h1>{t('documents.title')}</h1>
      <p className="muted">{t('documents.intro')}</p>
      {freePlan && dailyDocuments !== null && (
        <p className="muted small" data-testid="doc-daily-hint">
          {t('documents.dailyHint', { count: dailyDocuments })}
        </p>
      )}
      <DocumentUploader onReady={onReady} initialFiles={attached} />
      {ready.length > 0 && (
        <button
          type="button"
          className="button primary doc-start"
          disabled={busy}
          data-testid="doc-chat-start"
          onClick={() => void open({ md5s: ready.map((d) => d.md5) })}
        >
          {busy ? t('documents.starting') : t('documents.start')}
        </button>
      )}
      <form className="doc-url" onSubmit={submitUrl}>
        <label htmlFor="doc-url-input">{t('documents.urlLabel')}</label>
        <div className="doc-url-row">
          <input
            id="doc-url-input"
            className="text-input"
            type="url"
            // An address reads left to right in every language (in Arabic its start was cut off).
            dir="ltr"
            value={url}
            placeholder={t('documents.urlPlaceholder')}
            onChange={(event) => setUrl(event.target.value)}
            data-testid="doc-url-input"
          />
          <button
            type="submit"
            className="button"
            disabled={busy || !url.trim()}
            data-testid="doc-url-submit"
          >
            {t('documents.urlSubmit')}
          </button>
        </div>
      </form>
      {error && (
        <p className="upload-error" role="alert" data-testid="doc-chat-error">
          {error}
        </p>
      )}
    </article>
  );
}
