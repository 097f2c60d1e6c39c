// The template tabs: built-in templates (Recommended, All, ppt) in the caller's language with every
// translation, the caller's saved prompts (Mine) and what AI made for them (MyProject, from the workspace).
import {
  type Language,
  MODEL_STANDARD,
  PROMPT_PAGE_MAX,
  type Template,
  type TemplateTab,
} from '../../../common/contract/index.js';
import { type BuiltInTemplate, builtInTemplates } from '../../content/landing-content.js';
import { unauthenticated } from '../../errors.js';
import type { Caller } from '../auth/sessions.js';
import type { createPromptService } from '../prompts.js';
import type { WorkspaceRegistry } from '../workspace/registry.js';

const fromBuiltIn = (template: BuiltInTemplate, language: Language): Template => ({
  id: template.id,
  ...template.text[language],
  promptTemplateId: template.promptTemplateId,
  connectionName: null,
  model: MODEL_STANDARD,
  mediaType: template.mediaType,
  href: template.href,
  updatedAt: null,
  translations: template.text,
});

export function createTemplateService(deps: {
  prompts: ReturnType<typeof createPromptService>;
  workspace: WorkspaceRegistry;
}) {
  return {
    async list(tab: TemplateTab, caller: Caller | null, language: Language): Promise<Template[]> {
      if (tab === 'Recommended')
        return builtInTemplates.filter((t) => t.recommended).map((t) => fromBuiltIn(t, language));
      if (tab === 'All') return builtInTemplates.map((t) => fromBuiltIn(t, language));
      if (tab === 'ppt')
        return builtInTemplates.filter((t) => t.mediaType === 'ppt').map((t) => fromBuiltIn(t, language));
      if (!caller) throw unauthenticated();
      if (tab === 'Mine') {
        const page = await deps.prompts.list(caller, 0, PROMPT_PAGE_MAX);
        return page.content.map((p) => ({
          id: p.promptId,
          name: p.name,
          description: '',
          prompt: p.content,
          promptTemplateId: null,
          connectionName: null,
          model: MODEL_STANDARD,
          mediaType: 'prompt',
          href: null,
          updatedAt: p.updatedAt,
          translations: {},
        }));
      }
      const files = await deps.workspace.list(caller, 'ai', 'all');
      return files.map((file) => ({
        id: file.id,
        name: file.name,
        description: '',
        prompt: '',
        promptTemplateId: file.category === 'presentation' ? 20000 : null,
        connectionName: null,
        model: MODEL_STANDARD,
        mediaType: 'project',
        href: file.href,
        updatedAt: file.updatedAt,
        translations: {},
      }));
    },
  };
}
