// Shared chats — Chinese.
import type { Localized } from '../localized';
import type { sharesEn } from './en';

export const sharesZh: Localized<typeof sharesEn> = {
  open: '分享',
  title: '分享此对话',
  description: '任何拥有链接的人都无需登录即可阅读此刻的对话。之后的消息不会被分享。',
  create: '创建链接',
  link: '分享链接',
  copy: '复制链接',
  revoke: '停止分享',
  revokeTitle: '停止分享此链接？',
  revokeBody: '打开该链接的人会看到此聊天已不再分享。你的聊天保持不变。',
  revoked: '该链接已失效。',
  sharedAt_one: '分享于 {{date}} · {{count}} 条消息',
  sharedAt_other: '分享于 {{date}} · {{count}} 条消息',
  close: '关闭',
  loading: '正在加载分享的对话…',
  notFound: '此分享的对话不存在或已停止分享。',
  loadFailed: '无法加载分享的对话。请检查网络后重试。',
  readOnly: '分享的对话 · 只读',
  continue: '继续此对话',
  continueFailed: '无法继续此对话，请重试。',
};
