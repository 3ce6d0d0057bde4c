/**
 * Account numbers in a message text (issue: safer conversations; docs/safety-signals.md): IBANs
 * (`bank`, checked with ibantools: country, length and check digits, so a random code is not one)
 * and crypto wallet addresses (`crypto`: Bitcoin, Ethereum and Tron shapes).
 */
import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import type { DetectedSignal } from './signal-kinds.js';

/** Two letters, two check digits, then letters and digits with optional single spaces or hyphens. */
const IBAN_START = /(?<![\p{L}\p{N}])[a-z]{2}\d{2}(?:[ -]?[a-z0-9]){10,32}/giu;
const WALLET =
  /(?<![\p{L}\p{N}])(?:bc1[a-z0-9]{25,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[a-fA-F0-9]{40}|T[1-9A-HJ-NP-Za-km-z]{33})(?![\p{L}\p{N}])/gu;

const SPECS = getCountrySpecifications();

/** The shortest prefix of `candidate` with the country's IBAN length, if it is a valid IBAN. */
function validPrefix(candidate: string): string | null {
  const country = candidate.slice(0, 2).toUpperCase();
  const length = SPECS[country]?.chars;
  if (!length) return null;
  let count = 0;
  for (let i = 0; i < candidate.length; i++) {
    if (/[a-z0-9]/i.test(candidate[i] ?? '')) count++;
    if (count === length) {
      const prefix = candidate.slice(0, i + 1);
      const iban = electronicFormatIBAN(prefix);
      return iban && isValidIBAN(iban) ? prefix : null;
    }
  }
  return null;
}

/** Appends the IBANs and wallet addresses of `text` to `out`. */
export function findAccounts(text: string, out: DetectedSignal[]): void {
  IBAN_START.lastIndex = 0;
  for (let m = IBAN_START.exec(text); m; m = IBAN_START.exec(text)) {
    const iban = validPrefix(m[0]);
    if (!iban) {
      IBAN_START.lastIndex = m.index + 1;
      continue;
    }
    out.push({ kind: 'bank', start: m.index, end: m.index + iban.length, text: iban });
    IBAN_START.lastIndex = m.index + iban.length;
  }
  WALLET.lastIndex = 0;
  for (let m = WALLET.exec(text); m; m = WALLET.exec(text)) {
    if (!/\d/.test(m[0])) continue;
    out.push({ kind: 'crypto', start: m.index, end: m.index + m[0].length, text: m[0] });
  }
}
