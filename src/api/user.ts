// Client calls of the signed-in user: usage, properties, connectors, tips and experiments.
import {
  type Connector,
  type ConnectorType,
  Paths,
  type TipsResponse,
  type Usage,
  type UserInfo,
  type UserProperties,
} from '../../common/contract';
import { request } from './http';

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
  tips: () => request<TipsResponse>('POST', Paths.tips, { body: {}, suppressAlert: true }),
  /** The caller's experiment variants; an experiment missing from the answer is off. */
  experiments: async (keys: string[]) =>
    (await request<TipsResponse>('POST', Paths.tips, { body: { abKeyList: keys }, suppressAlert: true }))
      .abResList,
  closeTip: (tag: string) =>
    request<TipsResponse>('POST', Paths.tips, {
      body: { userTips: [{ tag, value: 0, defaultValue: 1 }] },
      suppressAlert: true,
    }),
};
