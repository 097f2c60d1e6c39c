// /creation/All/Image: a prompt becomes a picture through the server's image provider; the user's pictures
// below, newest first. Without a provider the screen says how an administrator sets one up.
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clipText } from '../../../common/text';
import { imageMachine } from '../../machines/image.machine';
import { useSearchParams } from '../app/navigation';
import { AuthImage } from './AuthImage';
import { CreationTabs } from './CreationTabs';
import { PromptForm } from './PromptForm';
import './creation.css';

function ImageCard(props: { imageId: string; prompt: string; selected: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  return (
    <li className="image-card" data-testid="image-card" data-selected={props.selected || undefined}>
      <AuthImage imageId={props.imageId} alt={props.prompt} onUrl={setUrl} />
      <p>{props.prompt}</p>
      <div className="image-card-actions">
        {url && (
          <a
            href={url}
            download={`${
              clipText(props.prompt, 40)
                .replace(/[\\/:*?"<>|]+/g, ' ')
                .trim() || 'image'
            }.png`}
          >
            {t('creation.image.download')}
          </a>
        )}
        <button type="button" className="link" onClick={props.onRemove}>
          {t('creation.image.delete')}
        </button>
      </div>
    </li>
  );
}

export function ImagePage() {
  const { t } = useTranslation();
  const [state, send] = useMachine(imageMachine);
  const selected = useSearchParams()[0].get('imageId');
  const c = state.context;
  const busy = state.matches({ ready: 'generating' });
  return (
    <article className="page creation-page" data-testid="image-page">
      <CreationTabs current="Image" />
      <h1>{t('creation.image.title')}</h1>
      {state.matches('checking') && <p className="muted">{t('creation.image.checking')}</p>}
      {state.matches('unconfigured') && (
        <section className="creation-offline" data-testid="image-unconfigured">
          {c.operator ? (
            <>
              <p>{t('creation.image.unconfigured')}</p>
              <pre dir="ltr">
                {'IMAGE_BASE_URL=https://api.openai.com/v1\nIMAGE_API_KEY=sk-...\nIMAGE_MODEL=gpt-image-1'}
              </pre>
              <p>{t('creation.image.unconfiguredRestart')}</p>
            </>
          ) : (
            <p data-testid="image-not-available">{t('creation.image.notAvailable')}</p>
          )}
        </section>
      )}
      {state.matches('ready') && (
        <>
          <PromptForm
            label={t('creation.image.promptLabel')}
            placeholder={t('creation.image.placeholder')}
            value={c.prompt}
            rows={3}
            maxLength={4000}
            busy={busy}
            submitLabel={t('creation.image.generate')}
            busyLabel={t('creation.image.generating')}
            error={c.error}
            onChange={(prompt) => send({ type: 'CHANGE', prompt })}
            onSubmit={() => send({ type: 'GENERATE' })}
          />
          {c.images.length === 0 ? (
            <p className="muted">{t('creation.image.empty')}</p>
          ) : (
            <ul className="image-grid" aria-label={t('creation.image.yours')}>
              {c.images.map((image) => (
                <ImageCard
                  key={image.imageId}
                  imageId={image.imageId}
                  prompt={image.prompt}
                  selected={image.imageId === selected}
                  onRemove={() => send({ type: 'REMOVE', imageId: image.imageId })}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </article>
  );
}
