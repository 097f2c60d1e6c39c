import {
  type Connector,
  type ConnectorType,
  Paths,
  type Usage,
  type UserProperties,
} from '../../common/contract';
import { request } from './http';

export const userApi = {
  usage: () => request<Usage>('GET', Paths.usage, { suppressAlert: true }),
  properties: () => request<UserProperties>('GET', Paths.userProperties, { suppressAlert: true }),
  connectors: async () =>
    (await request<{ connectors: Connector[] }>('GET', Paths.checkConnector, { suppressAlert: true }))
      .connectors,
  updateConnector: async (type: ConnectorType, status: number) =>
    (await request<{ connectors: Connector[] }>('POST', Paths.updateConnector, { body: { type, status } }))
      .connectors,
};
