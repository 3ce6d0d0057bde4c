/**
 * Reset mails one account may get per 24 hours asked for from one address (SPEC.md 8: "Te veel
 * wachtwoordherstel mails"): counted per address, so a stranger's requests cannot use up the
 * member's own quota.
 */
export const RESET_MAILS_PER_DAY = 3;
/** Reset mails one account may get per 24 hours from all addresses together (a ceiling against mail bombing). */
export const RESET_MAILS_PER_DAY_TOTAL = 10;
