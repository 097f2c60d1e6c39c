import { Hono } from 'hono';
import { type LandingInfo, Paths } from '../../src/api/contract.js';
import { type AppEnv, ok } from '../http/context.js';
import { modelList } from '../services/models.js';

export const landingRoutes = new Hono<AppEnv>().get(Paths.landing, (c) => {
  const { ai, socialLogin } = c.get('services');
  const landing: LandingInfo = {
    modelList: modelList(ai.offline),
    communityList: [],
    aiCreationWorkshop: [],
    gpt4v: false,
    feedbackDislikeConfig: [
      'Not factually correct',
      'Did not follow instructions',
      'Harmful or offensive',
      'Other',
    ],
    aiProviderConfigured: !ai.offline,
    socialLogin: socialLogin.config(),
  };
  return ok(c, landing);
});
