import type { IncomingHttpHeaders } from 'node:http';

/**
 * Country of the visitor when a fronting proxy tells it (`cf-ipcountry`, `x-country-code`), as an
 * ISO 3166-1 alpha-2 code, or null; no IP database ships with the app (SPEC.md 3 geoip_country).
 */
export function geoipCountry(headers: IncomingHttpHeaders): string | null {
  const value = headers['cf-ipcountry'] ?? headers['x-country-code'];
  const code = (Array.isArray(value) ? value[0] : value)?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
