/** @jsxImportSource preact */
import { ConsentIsland } from '../consent/consent-island.js';
import '../consent/consent.css';

/**
 * The consent banner island of the public pages (issue: public site, consent): drawn by the browser
 * alone, since it depends on the choice this browser stored (packages/public-site/src/consent).
 */
export default ConsentIsland;
export const mode = 'render';
