// GPT-4o's image tool in the chat composer: when on, a send asks for a picture (chat type ChatImage).
import { useTranslation } from 'react-i18next';
import './image-tool.css';
import { Tooltip } from '../kit/Tooltip';

export function ImageToolToggle(props: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip content={t('creation.image.toolHint')}>
      <button
        type="button"
        className={`composer-chip${props.on ? ' active' : ''}`}
        aria-pressed={props.on}
        data-testid="image-tool"
        onClick={() => props.onChange(!props.on)}
      >
        {t('creation.image.tool')}
      </button>
    </Tooltip>
  );
}
