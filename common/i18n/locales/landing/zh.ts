// The home page: templates and recommended questions — Chinese.
import type { Localized } from '../localized';
import type { landingEn } from './en';

export const landingZh: Localized<typeof landingEn> = {
  templates: {
    title: '模板',
    loading: '正在加载模板…',
    failed: '暂时无法加载模板。',
    tabs: { Mine: '我的', Recommended: '推荐', All: '全部', MyProject: '我的项目', ppt: '演示文稿' },
    empty: {
      Mine: '你保存的提示词会显示在这里。',
      Recommended: '暂无推荐模板。',
      All: '暂无模板。',
      MyProject: '你用 AI 创建的内容（文档、演示文稿）会显示在这里。',
      ppt: '暂无演示文稿模板。',
    },
    icon: { publicity: '宣传', research: '研究', tool: '工具' },
  },
};
