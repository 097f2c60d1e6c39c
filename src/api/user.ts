// Client calls of the signed-in user: usage, properties, connectors, tips and experiments.
import {
  type Connector,
  type ConnectorType,
  type DocumentSettings,
  EXPERIMENTS,
  type IpInfo,
  Paths,
  type TipsResponse,
  type Usage,
  type UserInfo,
  type UserProperties,
} from '../../common/contract';
import type { DocumentSettingsRequest } from '../../common/contract/user.schema';
import { request } from './http';
import { tokenStore } from './storage';

/**
 * The tips answer of the current caller (keyed by its token), which also carries every experiment's variant:
 * the tips load and the experiment checks of a page load share one request. Variants are stable for a user.
 */
let tipsAnswer: { token: string | null; answer: Promise<TipsResponse>; settled: boolean } | null = null;

function askTips(): Promise<TipsResponse> {
  const token = tokenStore.current();
  const asked = request<TipsResponse>('POST', Paths.tips, {
    body: { abKeyList: [...EXPERIMENTS] },
    suppressAlert: true,
  });
  const entry = { token, answer: asked, settled: false };
  tipsAnswer = entry;
  asked.then(
    () => {
      entry.settled = true;
    },
    () => {
      // A failure is asked again by the next caller.
      if (tipsAnswer === entry) tipsAnswer = null;
    },
  );
  return asked;
}

/** Where the server sees this browser: asked once per page load (the cookie banner and analytics read it). */
let ipAnswer: Promise<IpInfo> | null = null;

export const userApi = {
  currentUser: () => request<UserInfo>('GET', Paths.currentUser, { suppressAlert: true }),
  usage: () => request<Usage>('GET', Paths.usage, { suppressAlert: true }),
  properties: () => request<UserProperties>('GET', Paths.userProperties, { suppressAlert: true }),
  connectors: async () =>
    (await request<{ connectors: Connector[] }>('GET', Paths.checkConnector, { suppressAlert: true }))
      .connectors,
  updateConnector: async (type: ConnectorType, status: number) =>
    (await request<{ connectors: Connector[] }>('POST', Paths.updateConnector, { body: { type, status } }))
      .connectors,
  /** A short-lived link the browser downloads the caller's zip from. */
  exportData: () => request<{ url: string }>('POST', Paths.exportData, { suppressAlert: true }),
  /** Deletes the signed-in account; `confirm` is its email as the user typed it. Errors come translated. */
  deleteAccount: (confirm: string) =>
    request<boolean>('POST', Paths.deleteAccount, { body: { confirm }, suppressAlert: true }),
  documentSettings: () => request<DocumentSettings>('GET', Paths.documentSettings, { suppressAlert: true }),
  saveDocumentSettings: (body: DocumentSettingsRequest) =>
    request<DocumentSettings>('POST', Paths.documentSettings, { body, suppressAlert: true }),
  /** The caller's tip values: a load already under way for the same caller is shared, else asked afresh. */
  tips: (): Promise<TipsResponse> => {
    const shared = tipsAnswer;
    if (shared && !shared.settled && shared.token === tokenStore.current()) return shared.answer;
    return askTips();
  },
  /** The caller's experiment variants; an experiment missing from the answer is off. */
  experiments: async (keys: string[]) => {
    const shared = tipsAnswer?.token === tokenStore.current() ? tipsAnswer.answer : askTips();
    return (await shared).abResList.filter((result) => keys.includes(result.key));
  },
  ip: (): Promise<IpInfo> => {
    if (!ipAnswer) {
      const asked = request<IpInfo>('GET', Paths.ip, { suppressAlert: true });
      ipAnswer = asked;
      asked.catch(() => {
        // Offline, say: the next caller asks again.
        if (ipAnswer === asked) ipAnswer = null;
      });
    }
    return ipAnswer;
  },
  closeTip: (tag: string) =>
    request<TipsResponse>('POST', Paths.tips, {
      body: { userTips: [{ tag, value: 0, defaultValue: 1 }] },
      suppressAlert: true,
    }),
};
