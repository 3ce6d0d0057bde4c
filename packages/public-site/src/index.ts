/** The public site (issue: public site): server-rendered Preact pages with hydrated islands. */
export { Icon } from './components/icon.js';
export { ProfileCard, photoUrl } from './components/profile-card.js';
export { ICON_PATHS, type IconName } from './icons.js';
export { Island } from './island.js';
export * from './landers/index.js';
export { languageName, localeTag } from './languages.js';
export {
  type ConsentIslandProps,
  FictionalBadge,
  Footer,
  Header,
  PublicLayout,
  type SiteEntryProps,
} from './layout.js';
export { escapeHtml, fillPlaceholders, missingPlaceholders, renderPageMarkdown } from './markdown.js';
export type * from './model.js';
export {
  AlertSnapshot,
  AppNavSnapshot,
  ChatsSnapshot,
  MembersSnapshot,
  ProfileSnapshot,
  type SearchFormSnapshot,
  type SearchSnapshot,
} from './pages/app-snapshot.js';
export { type HomeModel, HomePage } from './pages/home.js';
export { type LegalModel, LegalPage } from './pages/legal.js';
export { NotFoundPage } from './pages/not-found.js';
export { type PricingModel, PricingPage } from './pages/pricing.js';
export { type PublicAssets, renderDocument, renderHeadTags } from './render.js';
export type { SignupDialogProps, SignupTexts } from './signup/props.js';
export { type Catalogue, type CatalogueLoader, createTranslate, PUBLIC_NAMESPACES } from './translate.js';
