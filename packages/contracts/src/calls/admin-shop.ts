/**
 * Back office II. The shop of a site: credit packages, gifts, discount codes, the welcome discount and the time bonus.
 */
export const adminShopCalls = {} as const;
