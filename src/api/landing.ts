// Client calls of the home page: templates and the operator's links.
import { type AppLinks, Paths, type Template, TemplatePaths, type TemplateTab } from '../../common/contract';
import { type RequestOptions, request } from './http';

export const landingApi = {
  appLinks: () => request<AppLinks>('GET', Paths.appLinks, { suppressAlert: true }),
  templates: (tab: TemplateTab, options?: Pick<RequestOptions, 'suppressAlert' | 'signal'>) =>
    request<Template[]>('GET', TemplatePaths.list, { ...options, query: { tab } }),
};
