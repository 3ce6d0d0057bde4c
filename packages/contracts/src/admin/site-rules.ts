/**
 * Format rules of site and company settings (issue: back office II), shared by the back office's
 * forms and the server: country and currency codes from the runtime's ICU data (Intl), the VAT
 * number formats of the EU, the UK, Switzerland and Norway, and colour contrast (WCAG 2.x).
 */

/** Least contrast ratio of a site colour with white (WCAG AA for normal text: white text on buttons). */
export const MIN_CONTRAST = 4.5;

/** Region codes ICU names that are not countries (EU, UN, unknown region, outlying Oceania, eurozone). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);
let regionNames: Intl.DisplayNames | undefined;

/** Whether `code` is an ISO 3166-1 alpha-2 country code (upper case) that ICU knows. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  try {
    return regionNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

let currencies: Set<string> | undefined;

/** Whether `code` is an ISO 4217 currency code (upper case) in use. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  currencies ??= new Set(Intl.supportedValuesOf?.('currency') ?? []);
  return currencies.size === 0 || currencies.has(code);
}

/** The part after the country prefix of a VAT number, by prefix (EU VIES formats, GB, CH, NO). */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CH: /^E\d{9}(MWST|TVA|IVA)?$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  NO: /^\d{9}(MVA)?$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/**
 * Whether `vat` (upper case, no spaces, dots or hyphens) has the format of a VAT number: a known
 * prefix with its national format, or another country's two letters and 2 to 13 letters or digits.
 * The format only; whether the number is registered is not checked here.
 */
export function isVatNumber(vat: string): boolean {
  const prefix = vat.slice(0, 2);
  const rest = vat.slice(2);
  const format = VAT_FORMATS[prefix];
  if (format) return format.test(rest);
  return /^[A-Z]{2}$/.test(prefix) && /^[0-9A-Z]{2,13}$/.test(rest) && /\d/.test(rest);
}

/** The WCAG 2.x contrast ratio of a `#rrggbb` colour with white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}
