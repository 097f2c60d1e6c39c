// The creation area's files in the workspace: presentations (category presentation, made by AI).

import { clipWithEllipsis } from '../../../common/text.js';
import type { WorkspaceSource } from '../workspace/registry.js';
import type { ImageService } from './images.js';
import type { PresentationService } from './presentations.js';

export function presentationsWorkspaceSource(
  presentations: Pick<PresentationService, 'list' | 'remove'>,
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
    remove: (caller, id) => presentations.remove(caller, id),
  };
}

export function imagesWorkspaceSource(images: Pick<ImageService, 'list' | 'remove'>): WorkspaceSource {
  return {
    id: 'images',
    routeType: 'ai',
    categories: ['image'],
    async list(caller, _categories, limit) {
      const items = await images.list(caller);
      return items.slice(0, limit).map((item) => ({
        id: item.imageId,
        category: 'image' as const,
        routeType: 'ai' as const,
        name: clipWithEllipsis(item.prompt, 80),
        href: `/creation/all/Image?imageId=${encodeURIComponent(item.imageId)}`,
        updatedAt: item.createdAt,
      }));
    },
    remove: (caller, id) => images.remove(caller, id),
  };
}
