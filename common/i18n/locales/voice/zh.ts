// The voice assistant — Simplified Chinese.
import type { Localized } from '../localized';
import type { voiceEn } from './en';

export const voiceZh: Localized<typeof voiceEn> = {
  listen: '说出你的问题',
  stopListening: '停止聆听',
  listening: '正在聆听…',
  readAloud: '朗读',
  stopReading: '停止朗读',
  errors: {
    notAllowed: 'Parley 无法使用麦克风。请在浏览器的网站设置中允许后重试。',
    noSpeech: '没有听到语音。请靠近麦克风一点再试。',
    network: '无法连接到浏览器的语音识别服务。请检查网络，或改为输入文字。',
    unsupported: '此浏览器无法将语音转换为文字。请改为输入问题。',
    other: '语音输入意外停止。请重试。',
    speak: '此浏览器无法朗读回答。',
  },
  feedback: {
    title: '与 Parley 语音交流的体验如何？',
    body: '你说出了问题并听到了回答。你的评价能帮助本服务器的运营者改进语音功能。',
    good: '好',
    bad: '不好',
    reasonsLabel: '哪里不好？',
    reasons: {
      misheard: '听错了我的话',
      voice: '声音难以听懂',
      slow: '太慢了',
      other: '其他',
    },
    placeholder: '还有其他想说的吗？（可选）',
    send: '发送',
    notNow: '以后再说',
    thanks: '感谢你的反馈。',
    ratingRequired: '请先选择赞或踩。',
  },
};
