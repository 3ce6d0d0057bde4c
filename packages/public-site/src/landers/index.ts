/** The landers of the public site (SPEC.md 2; issue: public site): pages, heads and their models. */

export { SWIPE_ROUNDS } from './designs/tinder-swipe.js';
export { type LanderHead, landerHead, profileLanderHead } from './head.js';
export { LanderPage } from './lander-page.js';
export type * from './model.js';
export { ProfileLanderPage } from './profile-lander.js';
