// The Images view of document chat (pictures found in documents) — Chinese.
import type { Localized } from '../localized';
import type { documentImagesEn } from './en';

export const documentImagesZh: Localized<typeof documentImagesEn> = {
  pagesTab: '文档',
  imagesTab: '图片',
  views: '文档视图',
  loading: '正在查找此文档中的图片…',
  none: '此文档中没有找到图片。',
  offline: '只有在线时才能显示图片。',
  failed: '无法加载此文档的图片。',
  retry: '重试',
  picture: '第 {{page}} 页的图片',
  pictureNoPage: '图片',
  noPage: '无页码',
  size: '{{width}} × {{height}} 像素',
  openPage: '显示第 {{page}} 页',
};
