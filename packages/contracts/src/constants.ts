/** Business constants of SPEC.md section 9 (and the limits of sections 4-6). */

/** Free members may keep at most this many photos (SPEC.md 5, 9). */
export const FREE_PHOTO_LIMIT = 3;
/** Premium members may keep at most this many photos (SPEC.md 5, 9). */
export const PREMIUM_PHOTO_LIMIT = 25;
/** Free members may have at most this many conversations (SPEC.md 5, 9). */
export const FREE_CONVERSATION_LIMIT = 2;
/** Swipe-game likes per day for free members (SPEC.md 6, 9). */
export const SWIPE_LIKES_PER_DAY = 4;
/** Minimum age of a member in years (DECISIONS.md: members are adults). */
export const MINIMUM_AGE = 18;
/** Maximum age offered in search filters, in years. */
export const MAXIMUM_AGE = 99;
/** Days in which a deleted account can be reactivated (SPEC.md 4, 9). */
export const REACTIVATION_DAYS = 14;
/** Time-bonus lifetime after signup, in seconds (SPEC.md 4, 9). */
export const TIME_BONUS_SECONDS = 14_400;
/** Delay before the time-bonus modal opens, in seconds (SPEC.md 2, 9). */
export const TIME_BONUS_MODAL_DELAY_SECONDS = 40;
/** Code, value and validity of the time bonus (SPEC.md 9). */
export const TIME_BONUS = {
  code: 'TIMEBONUS25',
  value_percentage: 25,
  status: 'active',
  validity: 'once_per_user',
} as const;
/** Welcome discount on the first purchase, percent (SPEC.md 9). */
export const WELCOME_DISCOUNT_PERCENTAGE = 25;
/** Refresh of user, chats and likes, in seconds; 300 when push-subscribed; first after 5 (SPEC.md 4, 9). */
export const REFRESH_SECONDS = { normal: 60, pushSubscribed: 300, first: 5 } as const;
/** Chunk-load reload guard, in seconds (SPEC.md 8, 9). */
export const CHUNK_RELOAD_GUARD_SECONDS = 60;
/** Page-load progress bar timings, in milliseconds (SPEC.md 9). */
export const PROGRESS_BAR = { throttleMs: 200, durationMs: 5000 } as const;
/** Idle timeout before prefetching, in milliseconds (SPEC.md 9). */
export const PREFETCH_IDLE_MS = 2000;
/** The credits badge shows at this balance or below (SPEC.md 2, 9). */
export const CREDIT_BADGE_THRESHOLD = 10;
/** Unread and new-like badges show "99+" above this (SPEC.md 2, 9). */
export const BADGE_CAP = 99;
/** Locale cookie name and lifetime in days (SPEC.md 4, 9). */
export const LOCALE_COOKIE = { name: 'i18n_redirected', days: 365 } as const;
/**
 * Cookie in which the member app tells the server which alert under the navigation it shows in this
 * browser (a MEMBER_ALERTS value or `none`; rules.ts snapshotAlert), so the server's snapshot of a
 * page shows the same one (docs/decisions/020). Dismissals and the browser's push permission are
 * known in the browser only.
 */
export const SHOWN_ALERT_COOKIE = { name: 'shown_alert', days: 365 } as const;
/** Cookie the app writes when a visitor arrives with a traffic source (logged-out search and signup rules, SPEC.md 5). */
export const TRAFFIC_SOURCE_COOKIE = { name: 'trafficsource', days: 30 } as const;
/**
 * Cookie that mirrors the member's remembered search filter (kept in local storage, SPEC.md 3 search
 * state) as `{user id}:{query string}`, empty when the member has none, so the server's snapshot of
 * /members shows the page the app will ask for (docs/decisions/020).
 */
export const SEARCH_FILTER_COOKIE = { name: 'search_filter', days: 365 } as const;
/** Auth cookie lifetime in days (SPEC.md 9). */
export const AUTH_COOKIE_DAYS = 30;
/** HTTP retries of idempotent calls (SPEC.md 7, 9). */
export const HTTP_RETRIES = 5;
/** Geolocation cache lifetime, in seconds (SPEC.md 9). */
export const GEOLOCATION_CACHE_SECONDS = 3600;
/** Spam-folder hint delay, in seconds (SPEC.md 4, 9). */
export const SPAM_HINT_SECONDS = 60;
/** Default terms version date (SPEC.md 9). */
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';
/** Layout breakpoints in px, Bootstrap's (SPEC.md 9). */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
/**
 * A phone-sized viewport: below the md breakpoint (768 px). Signup opens its page there and a modal
 * elsewhere (SPEC.md 2), in the member app and on the public pages alike.
 */
export const PHONE_MEDIA_QUERY = `(max-width: ${BREAKPOINTS.md - 0.02}px)`;
/** Niche 1-7 selects the landing slug prefix (SPEC.md 9). */
export const NICHE_SLUG_PREFIX = ['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
/** Payment methods named by SPEC.md 9. */
export const PAYMENT_METHODS = [
  'sdd',
  'sct',
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'paypal',
  'ideal',
  'bancontact',
  'applepay',
  'sofort',
  'giropay',
  'eps',
  'blik',
] as const;
/** Header every API request from the web client carries; state-changing calls without it are refused. */
export const CLIENT_HEADER = { name: 'x-request-type', value: 'client' } as const;
/** Keys under which dismissals are stored with a timestamp (SPEC.md 4). */
export const DISMISSAL_KEYS = {
  enrichAlert: 'hide-enrich-alert',
  pushAlert: 'hide-push-notification-alert',
  disabledNotificationsAlert: 'hide-disabled-notifications-alert',
  timeBonusModal: 'hide-time-bonus-modal',
  siteEntryWarning: 'hide-site-entry-warning',
} as const;
/** Countries the lander, chat, empty and public layouts show the site-entry warning to (SPEC.md 2). */
export const SITE_ENTRY_COUNTRIES = ['NL', 'DE'] as const;
/** Path of the page-bounce beacon (SPEC.md 7 POST /api/page-hidden.php), sent by sendBeacon. */
export const PAGE_HIDDEN_PATH = '/api/page-hidden.php';
/** Path of the signup call (SPEC.md 7 POST /api/signup.php), also posted by the public pages' signup dialog. */
export const SIGNUP_PATH = '/api/signup.php';
/** localStorage key of the tracking values stored on arrival (SPEC.md 4), sent with the signup. */
export const TRACKING_STORAGE_KEY = 'tracking';
/** sessionStorage key of the signup form draft (SPEC.md 3; never the password), shared by every signup form. */
export const SIGNUP_DRAFT_KEY = 'signup-draft';
/** Tracking query parameters stored on arrival (SPEC.md 3, 4). */
export const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** Results per page of the member search the app asks (and the server's /members snapshot shows). */
export const SEARCH_PAGE_SIZE = 24;
/** The member search's filters kept in the URL (SPEC.md 3, search state); with one, another search than the first page. */
export const SEARCH_FILTER_KEYS = [
  'gender',
  'country',
  'countryregion',
  'min_age',
  'max_age',
  'distance',
  'verified_only',
] as const;
/** Cards whose photos are in the first screenful on a phone (two rows of two): loaded at once, first (LCP). */
export const FIRST_SCREEN_CARDS = 4;
