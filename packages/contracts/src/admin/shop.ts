/** Wire shapes of the back office: the shop of a site: credit packages, gifts, discount codes, the welcome discount and the time bonus (issue: back office II). */
export {};
