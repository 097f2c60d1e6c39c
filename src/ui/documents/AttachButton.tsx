// The main composer's attach button: the chosen documents open a document chat over them (through
// /chatwithdoc, which shows their upload and its errors).
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useLangPath } from '../app/paths';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';
import { attachFiles } from './attached-files';
import { DOCUMENT_ACCEPT } from './DocumentUploader';

export function AttachButton() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const to = useLangPath();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip content={t('chat.attach')}>
        <button
          type="button"
          className="icon-button"
          onClick={() => input.current?.click()}
          aria-label={t('chat.attach')}
          data-testid="composer-attach"
        >
          <Icon name="attach" size={18} />
        </button>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        hidden
        data-testid="composer-attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length === 0) return;
          attachFiles(files);
          navigate(to('/chatwithdoc'));
        }}
      />
    </>
  );
}
