// Slides drawn in the browser in the template's colours: the title slide, then each slide. The same deck
// is what window.print() turns into a pdf (creation.css hides everything else when printing).
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PRESENTATION_TEMPLATE_ID,
  PRESENTATION_TEMPLATES,
  type PresentationTemplateId,
  type Slide,
} from '../../../common/contract';

export function SlideDeck(props: {
  title: string;
  topic: string;
  slides: Slide[];
  templateId: number;
  offline: boolean;
}) {
  const { t } = useTranslation();
  const template =
    PRESENTATION_TEMPLATES[props.templateId as PresentationTemplateId] ??
    PRESENTATION_TEMPLATES[DEFAULT_PRESENTATION_TEMPLATE_ID];
  const style = {
    '--slide-bg': `#${template.background}`,
    '--slide-title': `#${template.title}`,
    '--slide-text': `#${template.text}`,
    '--slide-accent': `#${template.accent}`,
  } as React.CSSProperties;
  return (
    <ol
      className="slide-deck"
      // Slides are laid out as the exported deck is (left to right); each text still finds its own direction.
      dir="ltr"
      style={style}
      aria-label={t('creation.presentation.preview')}
      data-testid="slide-deck"
    >
      <li className="slide slide-cover">
        <h2 dir="auto">{props.title}</h2>
        <div className="slide-rule" />
        {props.topic && props.topic !== props.title && <p dir="auto">{props.topic}</p>}
        {props.offline && (
          <p className="slide-note" dir="auto">
            {t('creation.presentation.offlineNote')}
          </p>
        )}
      </li>
      {props.slides.map((slide, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id and arrive in order
        <li className="slide" key={i} data-testid="slide">
          <h3 dir="auto">{slide.title}</h3>
          <div className="slide-rule short" />
          <ul>
            {slide.bullets.map((bullet, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: bullets may repeat
              <li key={j} dir="auto">
                {bullet}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
