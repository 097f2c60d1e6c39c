// The reusable upload component: file picker and drop zone, one row per file with its progress, cancel,
// retry and translated errors. It renders the documents-upload actor and sends it events.
import { useActorRef, useSelector } from '@xstate/react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CreatedDocument, multiDocLimit, UploadStatus } from '../../../common/contract';
import { currentLanguage } from '../../i18n';
import { documentsUploadMachine } from '../../machines/documents-upload.machine';
import { useAuthState } from '../app/root-context';
import { UploadRow } from './UploadRow';
import './documents.css';

/** What the pickers offer: documents, and pictures of pages (read by OCR on the server). */
export const DOCUMENT_ACCEPT =
  '.pdf,.doc,.docx,.ppt,.pptx,.png,.jpg,.jpeg,.webp,.tif,.tiff,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.presentationml.presentation,image/png,image/jpeg,image/webp,image/tiff';

/** The multi-doc maximum for the current caller. */
export function useMultiDocLimit(): number {
  const { isLogin, user } = useAuthState();
  return multiDocLimit(
    { isLogin, isPro: user?.isPro ?? false },
    // Guests get enhanced upload, which is the flag that keeps them at 2 (see multiDocLimit).
    user?.grayStrategyNew?.enhanceUpload ?? !isLogin,
  );
}

export function DocumentUploader(props: {
  fromPpt?: boolean;
  /**
   * Called with the documents read once no file is still uploading or being read (none while one is): a file that
   * failed leaves the others usable. `all` says whether every file was read.
   */
  onReady?: (documents: CreatedDocument[], all: boolean) => void;
  /** Files chosen elsewhere (the main composer's attach button), uploaded at once. */
  initialFiles?: File[];
}) {
  const { t } = useTranslation();
  const limit = useMultiDocLimit();
  const actor = useActorRef(documentsUploadMachine, { input: { limit, fromPpt: props.fromPpt } });
  const items = useSelector(actor, (s) => s.context.items);
  const leftOut = useSelector(actor, (s) => s.context.leftOut);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => actor.send({ type: 'SET_LIMIT', limit }), [actor, limit]);
  const initialFiles = useRef(props.initialFiles);
  useEffect(() => {
    const files = initialFiles.current;
    initialFiles.current = undefined;
    if (files?.length) actor.send({ type: 'ADD', files });
  }, [actor]);

  const onReady = props.onReady;
  /** What was last told, so progress ticks do not tell the same again. */
  const told = useRef('');
  useEffect(() => {
    if (!onReady) return;
    const check = () => {
      const snapshots = items.map((item) => item.ref.getSnapshot().context);
      const busy = snapshots.some(
        (c) => c.uploadStatus === UploadStatus.Uploading || c.uploadStatus === UploadStatus.Parsing,
      );
      const read = busy
        ? []
        : snapshots.flatMap((c) =>
            c.uploadStatus === UploadStatus.Success && c.document ? [c.document] : [],
          );
      const all = read.length > 0 && read.length === snapshots.length;
      const key = `${read.map((d) => d.md5).join()}|${all}`;
      if (key === told.current) return;
      told.current = key;
      onReady(read, all);
    };
    check();
    const subscriptions = items.map((item) => item.ref.subscribe(check));
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [items, onReady]);

  const add = (files: FileList | null) => {
    if (files?.length) actor.send({ type: 'ADD', files: [...files] });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <section className="uploader" data-testid="document-uploader" data-limit={limit}>
      <div
        className={`upload-drop${dragging ? ' dragging' : ''}`}
        data-testid="upload-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('uploads.drop')}</p>
        <button type="button" className="button primary" onClick={() => input.current?.click()}>
          {t('uploads.choose')}
        </button>
        <input
          ref={input}
          type="file"
          multiple={limit > 1}
          accept={DOCUMENT_ACCEPT}
          hidden
          data-testid="upload-input"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {leftOut.length > 0 && (
        <p className="upload-error" role="status" data-testid="upload-limit">
          {t('uploads.leftOut', {
            // Each name isolated: a Latin file name must not reorder an Arabic sentence around it.
            names: new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(
              leftOut.map((name) => `\u2068${name}\u2069`),
            ),
            count: limit,
          })}
        </p>
      )}
      <ul className="upload-list">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} onRemove={(id) => actor.send({ type: 'REMOVE', id })} />
        ))}
      </ul>
    </section>
  );
}
