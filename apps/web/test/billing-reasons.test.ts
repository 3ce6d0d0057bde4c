// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_REASONS, reasonKey, reasonLabel, signedCredits } from '../src/features/billing/reasons';
import { i18next, initI18n, loadNamespaces } from '../src/lib/i18n';

beforeAll(async () => {
  await initI18n('nl');
  // money and billing load with their screens (router lazy); here by hand.
  await loadNamespaces(['billing']);
});

describe('reasonKey', () => {
  it('has a catalogue entry for every known reason', () => {
    for (const reason of KNOWN_REASONS) {
      expect(i18next.exists(`billing:${reasonKey({ reason, credits: 1 })}`), reason).toBe(true);
    }
  });

  it('reads unknown reasons as a credit or a debit', () => {
    expect(reasonKey({ reason: 'staff_correction', credits: 5 })).toBe('reasons.otherCredit');
    expect(reasonKey({ reason: 'staff_correction', credits: -5 })).toBe('reasons.otherDebit');
  });
});

describe('reasonLabel', () => {
  it('names a purchase with its number of credits in Dutch', () => {
    expect(reasonLabel({ reason: 'purchase', credits: 150 }, i18next.t)).toBe('Aankoop van 150 credits');
    expect(reasonLabel({ reason: 'message', credits: -5 }, i18next.t)).toBe('Bericht verstuurd');
    expect(reasonLabel({ reason: 'signup_credits', credits: 20 }, i18next.t)).toBe('Startcredits bij aanmelding');
  });

  it('follows the interface language', async () => {
    try {
      await initI18n('en');
      expect(reasonLabel({ reason: 'purchase', credits: 60 }, i18next.t)).toBe('Purchase of 60 credits');
      expect(reasonLabel({ reason: 'gift', credits: -10 }, i18next.t)).toBe('Gift sent');
    } finally {
      await initI18n('nl');
    }
  });
});

describe('signedCredits', () => {
  it('shows a plus for added credits, a minus for spent ones and a bare 0', () => {
    expect(signedCredits(150, 'nl')).toBe('+150');
    expect(signedCredits(-5, 'nl')).toMatch(/^[-−]5$/);
    expect(signedCredits(0, 'nl')).toBe('0');
    expect(signedCredits(1000, 'nl')).toBe('+1000');
  });
});
