// A new document chat's first questions: the document templates (insights, translate, extract data, find in
// the document) as chips that fill the composer, in the page's language.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_PROMPT_TEMPLATE_IDS, type Template } from '../../../common/contract';
import { landingApi } from '../../api/landing';

export function DocumentStarters({ onDraft }: { onDraft(text: string): void }) {
  const { i18n } = useTranslation();
  const [items, setItems] = useState<Template[]>([]);
  const language = i18n.language;
  useEffect(() => {
    if (!language) return;
    let live = true;
    landingApi.templates('All', { suppressAlert: true }).then(
      (all) =>
        live &&
        setItems(
          DOCUMENT_PROMPT_TEMPLATE_IDS.flatMap((id) => all.filter((tpl) => tpl.promptTemplateId === id)),
        ),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [language]);
  if (items.length === 0) return null;
  return (
    <div className="chip-row document-starters" data-testid="document-starters">
      {items.map((template) => (
        <button
          key={template.id}
          type="button"
          className="chip"
          title={template.description}
          onClick={() => onDraft(template.prompt)}
          data-testid="document-starter"
          data-template-id={template.promptTemplateId ?? undefined}
        >
          {template.name}
        </button>
      ))}
    </div>
  );
}
