// The creation area's files in the workspace: presentations (category presentation, made by AI).
import type { PresentationService } from './presentations.js';
import type { WorkspaceSource } from './workspace/registry.js';

export function presentationsWorkspaceSource(
  presentations: Pick<PresentationService, 'list'>,
): WorkspaceSource {
  return {
    id: 'presentations',
    routeType: 'ai',
    categories: ['presentation'],
    async list(caller, _categories, limit) {
      const items = await presentations.list(caller);
      return items.slice(0, limit).map((item) => ({
        id: item.presentationId,
        category: 'presentation' as const,
        routeType: 'ai' as const,
        name: item.title,
        href: `/creation/all/Presentation?presentationId=${encodeURIComponent(item.presentationId)}`,
        updatedAt: item.updatedAt,
        pageCount: item.slideCount,
      }));
    },
  };
}
