/**
 * Back office II. Fictional profiles: staff create and edit them (every profile field, photos, sites and niches, the persona note).
 */
export const adminFictionalCalls = {} as const;
