/**
 * The shapes of the back office's authorization matrix (admin-authz.test.ts): roles, the two sites,
 * the world of objects the rows aim at, and a row. Each area's rows live in a file beside this one.
 */
import type { Browser, TestServer } from '../helpers/server.js';

export const STAFF_ROLES = ['admin', 'moderator', 'support', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const SITES = ['A', 'B'] as const;
export type SiteKey = (typeof SITES)[number];

/** A staff account of the matrix: a role on one site, or on every site (`site_ids` null). */
export interface ActorRef {
  role: StaffRole;
  sites: readonly SiteKey[] | 'all';
}

/** The name of an actor in the test output: "admin of A", "support of every site". */
export function actorName(actor: ActorRef): string {
  return `${actor.role} of ${actor.sites === 'all' ? 'every site' : actor.sites.join('+')}`;
}

/**
 * The matrix's staff: every role of every site, and every role of site A and of site B (issue: staff
 * stay inside their sites — an admin of one site was where the escalation began).
 */
export const ACTORS: readonly ActorRef[] = STAFF_ROLES.flatMap((role) => [
  { role, sites: 'all' as const },
  { role, sites: ['A'] as const },
  { role, sites: ['B'] as const },
]);

/** A member of the world: the ids a request names. */
export interface MemberIds {
  userId: number;
  profileId: number;
}

/** What each site holds: a member with a private photo (real files), a conversation, a report, a complaint and a paid payment. */
export interface SiteWorld {
  id: number;
  packageId: number;
  member: MemberIds;
  photoId: number;
  conversationId: number;
  reportId: number;
  complaintId: number;
  paymentId: number;
}

/** The sites and makers of fresh objects, for calls that change or use up what they act on. */
export interface World {
  site: Record<SiteKey, SiteWorld>;
  freshMember(site: SiteKey, status?: string): Promise<MemberIds>;
  freshWaitingPhoto(site: SiteKey): Promise<number>;
  freshReport(site: SiteKey): Promise<number>;
  freshComplaint(site: SiteKey): Promise<number>;
  freshPayment(site: SiteKey): Promise<number>;
  freshSanction(site: SiteKey): Promise<number>;
  /** A support account of `site` (for the staff calls). */
  freshStaff(site: SiteKey): Promise<number>;
  /** The server of the run (its database is `server.database.db`), for rows that make their own objects. */
  server: TestServer;
  /** An admin's browser (every site), for rows that make their objects through the API. */
  admin: Browser;
  /** The sites' ids and domains. */
  sites: Record<SiteKey, { id: number; domain: string }>;
  /**
   * Makes an object once per key and remembers it (a row's fixture shared by its requests), e.g.
   * `w.once(`fictional-${site}`, () => createFictional(...))`.
   */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
}

/** Who sends a request of the matrix: the role and the staff account's id. */
export interface Caller {
  role: StaffRole;
  staffId: number;
}

/** One request: query string values and a JSON body, or a multipart upload (text fields and a JPEG `file`). */
export interface Req {
  query?: Record<string, string | number>;
  body?: unknown;
  multipart?: { fields?: Record<string, string>; file: Buffer };
}

/**
 * How a call is scoped: `self` the signed-in account (every role); `admin` admins of every site only
 * (an admin of some sites gets 403: companies, new sites); `list` rows of the account's sites (others
 * left out; `siteFilter` when the query takes site_id); `object` one object of a site (another site's
 * is 404, or `outside`).
 */
export type Kind = 'self' | 'admin' | 'list' | 'object';

/** One call of the table. */
export interface Row {
  kind: Kind;
  /** Roles besides admin that may (list and object calls). */
  allow?: readonly StaffRole[];
  siteFilter?: true;
  /**
   * The site ids an answer of a list holds (default: every `site_id` in it); a row of every site
   * (a staff account or audit entry without a site) counts as both sites; null: the answer does not tell.
   */
  sitesOf?: (json: unknown, w: World) => number[] | null;
  /** What an object call answers for another site's object when not 404 (a new object there: 403). */
  outside?: { status: number; error: string };
  /** A call on an object of `site` that also reaches into the other site (a copy there): both needed. */
  bothSites?: true;
  /** A realistic request aimed at `site`'s objects, sent by `caller`. */
  request(w: World, site: SiteKey, caller: Caller): Req | Promise<Req>;
  /** Further checks of a successful answer. */
  check?(res: { json: unknown; headers: Record<string, unknown> }): void;
}
