// The home page's starting points: recommended questions (with the icons) and the template tabs
// Mine, Recommended, All, MyProject and ppt. A question or a prompt template fills the composer; a template
// with a page (presentations, a project) opens it.
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  type LandingInfo,
  type RecommendedIconValue,
  TEMPLATE_TABS,
  type Template,
  type TemplateTab,
} from '../../../common/contract';
import { landingApi } from '../../api/landing';
import { useLangPath } from '../app/paths';
import { Icon, type IconName } from '../icons';
import './templates.css';
import '../auth/auth.css';

/** 1 publicity, 2 research, 3 tool. */
// Drawn icons, not emoji: a device without an emoji font showed empty boxes.
const ICONS: Record<RecommendedIconValue, { glyph: IconName; name: 'publicity' | 'research' | 'tool' }> = {
  1: { glyph: 'megaphone', name: 'publicity' },
  2: { glyph: 'flask', name: 'research' },
  3: { glyph: 'wrench', name: 'tool' },
};

type Load = { state: 'loading' } | { state: 'ready'; items: Template[] } | { state: 'failed' };

export function HomeTemplates({
  landing,
  onDraft,
}: {
  /** undefined while the landing answer is on its way; null when it could not be had. */
  landing: LandingInfo | null | undefined;
  onDraft(text: string): void;
}) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const to = useLangPath();
  const [tab, setTab] = useState<TemplateTab>('Recommended');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const language = i18n.language;

  useEffect(() => {
    // The server answers in the page language: asked again when it changes.
    if (!language) return;
    let live = true;
    setLoad({ state: 'loading' });
    landingApi
      .templates(tab, { suppressAlert: true })
      .then((items) => live && setLoad({ state: 'ready', items }))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [tab, language]);

  const pick = (template: Template) => {
    if (template.href) navigate(template.href.startsWith('/') ? to(template.href) : template.href);
    else onDraft(template.prompt);
  };

  // The questions stand above the tabs: drawn together, or the tabs would jump down when they arrive (a
  // layout shift of a fifth of a phone's screen on a first visit).
  if (landing === undefined) return <div className="home-templates" data-testid="home-templates" />;
  return (
    <div className="home-templates" data-testid="home-templates">
      {landing && landing.recommendedQuestions.length > 0 && (
        <ul className="recommended-questions" data-testid="recommended-questions">
          {landing.recommendedQuestions.map((q) => (
            <li key={q.question}>
              <button
                type="button"
                className="recommended-question"
                onClick={() => onDraft(q.question)}
                data-testid="recommended-question"
                data-icon={ICONS[q.icon]?.name}
              >
                <span
                  className="recommended-icon"
                  role="img"
                  aria-label={t(`landing.templates.icon.${ICONS[q.icon]?.name}`)}
                >
                  {ICONS[q.icon] && <Icon name={ICONS[q.icon].glyph} size={18} />}
                </span>
                <span dir="auto">{q.question}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TemplateTab)}>
        <Tabs.List className="tab-list template-tabs" aria-label={t('landing.templates.title')}>
          {TEMPLATE_TABS.map((name) => (
            <Tabs.Trigger key={name} value={name} className="tab" data-testid={`template-tab-${name}`}>
              {t(`landing.templates.tabs.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TEMPLATE_TABS.map((name) => (
          <Tabs.Content
            key={name}
            value={name}
            className="template-grid"
            data-testid={`template-panel-${name}`}
          >
            {load.state === 'loading' && <p className="muted small">{t('landing.templates.loading')}</p>}
            {load.state === 'failed' && <p className="muted small">{t('landing.templates.failed')}</p>}
            {load.state === 'ready' && load.items.length === 0 && (
              <p className="muted small" data-testid="templates-empty">
                {t(`landing.templates.empty.${name}`)}
              </p>
            )}
            {load.state === 'ready' &&
              load.items.map((template) => (
                <button
                  key={template.id}
                  type="button"
                  className="template-card"
                  onClick={() => pick(template)}
                  data-testid="template-card"
                  data-media={template.mediaType}
                >
                  <strong dir="auto">{template.name}</strong>
                  {template.description && (
                    <span className="small muted" dir="auto">
                      {template.description}
                    </span>
                  )}
                </button>
              ))}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
