import { type Template, TemplatePaths, type TemplateTab } from '../../common/contract';
import { type RequestOptions, request } from './http';

export const templateApi = {
  list: (tab: TemplateTab, options?: Pick<RequestOptions, 'suppressAlert' | 'signal'>) =>
    request<Template[]>('GET', TemplatePaths.list, { ...options, query: { tab } }),
};
