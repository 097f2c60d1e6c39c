import { Hono } from 'hono';
import { type IpInfo, Paths } from '../../common/contract/index.js';
import { type AppEnv, ok } from '../http/context.js';
import { countryOf, isEuMember } from '../services/geoip.js';

export const toolRoutes = new Hono<AppEnv>().get(Paths.ip, (c) => {
  const { ip } = c.get('info');
  const country = countryOf(ip);
  const info: IpInfo = { ip, country, isEuMember: isEuMember(country) };
  return ok(c, info);
});
