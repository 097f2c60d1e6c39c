// Saved prompts — Chinese.
import type { Localized } from '../localized';
import type { promptsEn } from './en';

export const promptsZh: Localized<typeof promptsEn> = {
  open: '提示词',
  title: '已保存的提示词',
  description: '保存常用的提示词，一键插入。',
  count_one: '{{count}} 个提示词',
  count_other: '{{count}} 个提示词',
  search: '搜索提示词',
  recent: '最近搜索',
  empty: '还没有保存的提示词。',
  noMatch: '没有与搜索匹配的提示词。',
  add: '新建提示词',
  name: '名称',
  content: '提示词',
  save: '保存',
  cancel: '取消',
  edit: '编辑',
  deleteConfirm: '删除“{{name}}”？',
  deleteConfirmBody: '此提示词将从你的所有设备上删除。',
  use: '使用',
  pending: '等待同步',
  nameCount: '{{count}}/{{max}}',
  errors: {
    nameRequired: '请为提示词命名。',
    nameTooLong: '提示词名称最多 50 个字符。',
    contentRequired: '请先填写提示词内容。',
    contentTooLong: '提示词内容最多 16000 个字符。',
  },
};
