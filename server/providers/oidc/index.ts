import type { SocialProvider } from '../../../common/contract/index.js';
import type { Config } from '../../config.js';
import { createOidcClient, type OidcClient } from './client.js';

export { type OidcClient, OidcRejected, type VerifiedIdentity } from './client.js';

export type OidcClients = Record<SocialProvider, OidcClient>;

export const createOidcClients = (config: Config): OidcClients => ({
  google: createOidcClient(config.oidc.google),
  apple: createOidcClient(config.oidc.apple),
});
