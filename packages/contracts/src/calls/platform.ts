import { z } from 'zod';
import { REALTIME_PATH } from '../chat-constants.js';
import { text } from '../text.js';
import { defineCall } from './define.js';

/** `to` is an email or a phone; a + in a query string arrives as a space, so it is put back. */
export const OutboxQuerySchema = z.object({
  to: text()
    .max(254)
    .transform((to) => to.replace(/^ (?=\d)/, '+').trim())
    .optional(),
});

/** One message of the local outbox (a mail or an SMS) as GET /dev/outbox.json lists it; times ISO 8601. */
export const OutboxEntrySchema = z.object({
  id: z.number().int(),
  channel: text(),
  kind: text(),
  to: text(),
  subject: text(),
  text: text(),
  html: text().nullable(),
  created_at: text(),
  sent_at: text().nullable(),
  error: text().nullable(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

const page = text().describe('an HTML page');
const icon = z.unknown().describe('the icon');

/**
 * Calls outside the JSON API, or hidden from /api/openapi.json: the OpenAPI document itself, the
 * realtime WebSocket (docs/decisions/006-realtime.md), the development outbox (never on a real site
 * unless DEV_OUTBOX=1), the test payment provider's checkout page (only without MOLLIE_API_KEY) and
 * the site icons drawn from the site's initial.
 */
export const platformCalls = {
  /** GET /api/openapi.json: the OpenAPI document of every documented call. */
  openApi: defineCall({
    method: 'GET',
    path: '/api/openapi.json',
    kind: 'json',
    response: z.unknown().describe('the OpenAPI 3 document'),
    hidden: true,
  }),
  /** GET /api/realtime: WebSocket upgrade; closes 4401 without a member, 4403 from another origin. */
  realtime: defineCall({
    method: 'GET',
    path: REALTIME_PATH,
    kind: 'websocket',
    response: z.unknown().describe('RealtimeEvent messages'),
    hidden: true,
  }),
  /** GET /dev/outbox?to=: the newest 100 mails and SMS as an HTML page (development only). */
  devOutbox: defineCall({
    method: 'GET',
    path: '/dev/outbox',
    kind: 'html',
    query: OutboxQuerySchema,
    response: page,
    hidden: true,
  }),
  /** GET /dev/outbox.json?to=: the same messages as JSON, newest first (tests read links and codes here). */
  devOutboxJson: defineCall({
    method: 'GET',
    path: '/dev/outbox.json',
    kind: 'json',
    query: OutboxQuerySchema,
    response: z.array(OutboxEntrySchema),
    hidden: true,
  }),
  /** GET /test-provider/checkout/:id: the test provider's payment page (404 text for unknown ids). */
  testCheckoutPage: defineCall({
    method: 'GET',
    path: '/test-provider/checkout/:id',
    kind: 'html',
    response: page,
    errors: [404],
    hidden: true,
  }),
  /** POST /test-provider/checkout/:id outcome=: the payer's choice; 303 to the return URL after the webhook. */
  testCheckoutChoice: defineCall({
    method: 'POST',
    path: '/test-provider/checkout/:id',
    kind: 'form',
    body: z.object({ outcome: text() }),
    response: z.null().describe('redirect to the return URL'),
    status: 303,
    errors: [400, 404],
    clientHeader: false,
    hidden: true,
  }),
  /** GET /favicon.svg: the site's icon (its initial on the theme colour). */
  faviconSvg: defineCall({ method: 'GET', path: '/favicon.svg', kind: 'binary', response: icon, hidden: true }),
  /** GET /favicon.ico: 16, 32 and 48 px PNGs in one ICO. */
  faviconIco: defineCall({ method: 'GET', path: '/favicon.ico', kind: 'binary', response: icon, hidden: true }),
  /** GET /apple-touch-icon.png: 180 px home-screen icon. */
  appleTouchIcon: defineCall({
    method: 'GET',
    path: '/apple-touch-icon.png',
    kind: 'binary',
    response: icon,
    hidden: true,
  }),
  /** GET /manifest.webmanifest: the site's web app manifest (name, colours, icons; issue: installable app). */
  webManifest: defineCall({
    method: 'GET',
    path: '/manifest.webmanifest',
    kind: 'binary',
    response: z.unknown().describe('application/manifest+json'),
    hidden: true,
  }),
  /** GET /app-icon/:name: the site's app icons for the manifest (`192.png`, `512.png`, `maskable-512.png`, `monochrome-96.png`). */
  appIcon: defineCall({
    method: 'GET',
    path: '/app-icon/:name',
    kind: 'binary',
    response: icon,
    errors: [404],
    hidden: true,
  }),
};
