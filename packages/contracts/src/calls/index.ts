import { accessCalls } from './access.js';
import { adminAccessCalls } from './admin-access.js';
import { adminBillingCalls } from './admin-billing.js';
import { adminDashboardCalls } from './admin-dashboard.js';
import { adminFictionalCalls } from './admin-fictional.js';
import { adminMemberCalls } from './admin-members.js';
import { adminModerationCalls } from './admin-moderation.js';
import { adminOperatorCalls } from './admin-operators.js';
import { adminPasskeyCalls } from './admin-passkeys.js';
import { adminShopCalls } from './admin-shop.js';
import { adminSignalCalls } from './admin-signals.js';
import { adminSitePageCalls } from './admin-site-pages.js';
import { adminSiteCalls } from './admin-sites.js';
import { billingCalls } from './billing.js';
import { chatCalls } from './chat.js';
import type { Call } from './define.js';
import { discoveryCalls } from './discovery.js';
import { memberCalls } from './members.js';
import { moneyCalls } from './money.js';
import { notificationCalls } from './notifications.js';
import { passkeyCalls } from './passkeys.js';
import { platformCalls } from './platform.js';
import { profileEditCalls } from './profile-edit.js';
import { reportCalls } from './reports.js';
import { sessionCalls } from './session.js';
import { siteCalls } from './site.js';
import { verificationCalls } from './verification.js';

export * from './access.js';
export * from './admin-access.js';
export * from './admin-billing.js';
export * from './admin-dashboard.js';
export * from './admin-fictional.js';
export * from './admin-members.js';
export * from './admin-moderation.js';
export * from './admin-operators.js';
export * from './admin-passkeys.js';
export * from './admin-shop.js';
export * from './admin-signals.js';
export * from './admin-site-pages.js';
export * from './admin-sites.js';
export * from './billing.js';
export * from './chat.js';
export * from './define.js';
export * from './discovery.js';
export * from './members.js';
export * from './money.js';
export * from './notifications.js';
export * from './passkeys.js';
export * from './platform.js';
export * from './profile-edit.js';
export * from './reports.js';
export * from './session.js';
export * from './site.js';
export * from './verification.js';

/**
 * Every call the server serves, by area: the one place each path is written (SPEC.md 7). The server
 * registers each exactly once (apps/server/test/contracts-calls.test.ts checks it).
 */
export const CALL_GROUPS = {
  site: siteCalls,
  session: sessionCalls,
  members: memberCalls,
  access: accessCalls,
  profileEdit: profileEditCalls,
  discovery: discoveryCalls,
  chat: chatCalls,
  money: moneyCalls,
  billing: billingCalls,
  platform: platformCalls,
  reports: reportCalls,
  notifications: notificationCalls,
  passkeys: passkeyCalls,
  verification: verificationCalls,
  adminAccess: adminAccessCalls,
  adminModeration: adminModerationCalls,
  adminMembers: adminMemberCalls,
  adminBilling: adminBillingCalls,
  adminFictional: adminFictionalCalls,
  adminOperators: adminOperatorCalls,
  adminSites: adminSiteCalls,
  adminSitePages: adminSitePageCalls,
  adminShop: adminShopCalls,
  adminDashboard: adminDashboardCalls,
  adminSignals: adminSignalCalls,
  adminPasskeys: adminPasskeyCalls,
} as const;

/** Every call as a list. */
export const ALL_CALLS: readonly Call[] = Object.values(CALL_GROUPS).flatMap((group) => Object.values(group));
