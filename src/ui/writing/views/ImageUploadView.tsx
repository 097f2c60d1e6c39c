import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/writing-strings';

/** The placeholder shown at the cursor while an image is hashed and uploaded. */
export function ImageUploadView({ node }: ReactNodeViewProps) {
  const { t } = useTranslation();
  return (
    <NodeViewWrapper className="image-upload" data-testid="image-upload" contentEditable={false}>
      {node.attrs.src && <img src={node.attrs.src} alt={node.attrs.alt ?? ''} />}
      <span className="image-upload-label">{t('writing.uploading')}</span>
    </NodeViewWrapper>
  );
}
