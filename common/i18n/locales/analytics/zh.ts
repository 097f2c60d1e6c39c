// Analytics for operators — Chinese.
import type { Localized } from '../localized';
import type { analyticsEn } from './en';

export const analyticsZh: Localized<typeof analyticsEn> = {
  title: '数据分析',
  period: '时间范围',
  days_one: '最近 {{count}} 天',
  days_other: '最近 {{count}} 天',
  loading: '加载中…',
  denied: '此页面仅供本服务器的运营者使用。',
  failed: '无法加载统计数据，请重试。',
  empty: '此时间范围内没有事件。',
  day: '日期',
  event: '事件',
  count: '次数',
  sessions: '会话数',
  total: '全部事件',
};
