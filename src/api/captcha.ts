import { type CaptchaChallenge, CaptchaPaths } from '../../common/contract';
import { request } from './http';

export const captchaApi = {
  challenge: () => request<CaptchaChallenge>('GET', CaptchaPaths.challenge, { suppressAlert: true }),
};
