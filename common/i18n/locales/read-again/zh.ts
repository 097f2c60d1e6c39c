// "Read again" of a document — Chinese.
import type { ReadAgainResource } from './en';

export const readAgainZh: ReadAgainResource = {
  action: '重新读取',
  hint: '用你现在的设置重新读取此文件，例如在“设置 > 文档”中开启“识别扫描页面和照片”之后。',
  reading: '正在重新读取…',
  done: '已重新读取：{{pages}} 页中有 {{now}} 页有文字（之前：{{before}} 页）。',
  failed: '{{reason}} 之前读取的文字保持不变。',
  network: '无法连接到服务器。',
};
