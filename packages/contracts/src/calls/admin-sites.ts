/**
 * Back office II. Sites: create a site, edit its settings (SPEC.md 3 Settings), prices and its company.
 */
export const adminSiteCalls = {} as const;
