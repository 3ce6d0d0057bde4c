/** Wire shapes of the back office: fictional profiles: staff create and edit them (every profile field, photos, sites and niches, the persona note) (issue: back office II). */
export {};
