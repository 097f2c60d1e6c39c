// The workspace lists a user's files by category. Each area contributes its own files through a small
// registry: documents (pdf, doc, ppt, pictures of pages) and writing register here; presentations and images register from
// their own areas with `services.workspace.register(...)`. Every source lists the caller's own files only.
import type { WorkspaceCategory, WorkspaceFile, WorkspaceRouteType } from '../../../common/contract/index.js';
import type { Caller } from '../auth/sessions.js';

export type WorkspaceFileCategory = Exclude<WorkspaceCategory, 'all'>;

export interface WorkspaceSource {
  /** A name for logs and for replacing a source registered twice. */
  id: string;
  routeType: WorkspaceRouteType;
  categories: WorkspaceFileCategory[];
  /** The caller's files of these categories, newest first; at most `limit`. */
  list(caller: Caller, categories: WorkspaceFileCategory[], limit: number): Promise<WorkspaceFile[]>;
  /** Deletes one of the caller's files by its workspace id; false when the caller has no such file. */
  remove?(caller: Caller, id: string): Promise<boolean>;
}

const LIMIT = 500;

/** The route names: `uploaded`/`manual` are the user's uploads, `ai`/`generated` what AI made. */
export function routeTypeOf(raw: string): WorkspaceRouteType | null {
  if (raw === 'uploaded' || raw === 'manual') return 'manual';
  if (raw === 'ai' || raw === 'generated') return 'ai';
  return null;
}

export function createWorkspaceRegistry() {
  const sources = new Map<string, WorkspaceSource>();
  return {
    register(source: WorkspaceSource) {
      sources.set(source.id, source);
    },

    async list(
      caller: Caller,
      routeType: WorkspaceRouteType,
      category: WorkspaceCategory,
    ): Promise<WorkspaceFile[]> {
      const lists = await Promise.all(
        [...sources.values()]
          .filter((source) => source.routeType === routeType)
          .map((source) => {
            const wanted =
              category === 'all' ? source.categories : source.categories.filter((c) => c === category);
            return wanted.length ? source.list(caller, wanted, LIMIT) : Promise.resolve([]);
          }),
      );
      return lists
        .flat()
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, LIMIT);
    },

    /**
     * Deletes a file through the sources that list its category, until one has it (uploaded pictures of pages
     * and pictures made with AI are both `image`); false when none is the caller's.
     */
    async remove(caller: Caller, category: WorkspaceFileCategory, id: string): Promise<boolean> {
      for (const source of sources.values())
        if (source.categories.includes(category) && (await source.remove?.(caller, id))) return true;
      return false;
    },
  };
}

export type WorkspaceRegistry = ReturnType<typeof createWorkspaceRegistry>;
