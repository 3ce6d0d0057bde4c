import { type AdminSiteUpdateBody, landerVideoPairGap, type SiteTexts } from '@app/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { findSiteForUpdate, isDomainTaken, type SitePatch, updateSiteRow } from '../../db/repositories/site-admin.js';
import { findCompany, type SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { colorsValue } from './new-site-defaults.js';
import { changedFields, fieldIssue, loadSiteView, type SiteAdminView } from './site-view.js';

/** A domain another site serves: 409 conflict naming the field. */
const domainTaken = () => new AppError('conflict', 409, { field: 'domain', reason: 'domain_taken' });

/** Every column staff edit, in the audit entry's order. */
const EDITABLE: readonly (keyof SiteRow)[] = [
  'domain',
  'public_url',
  'is_default',
  'company_id',
  'name',
  'domain_language',
  'index_title',
  'description',
  'cdn_prefix',
  'countries',
  'enable_site_entry_popup',
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'minimum_message_costs',
  'support_phone',
  'support_email',
  'niche',
  'fictional_icon',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'refund_days',
  'visible_profile_fields',
  'visible_profile_notes',
  'search_fields',
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'message_length',
  'member_resell',
  'mail_name',
  'languages',
  'us_footer',
  'auto_approve_photos',
  'texts',
  'colors',
  'tags',
  'lander_video_url',
  'lander_video_poster',
];

/** `value` without empty texts (an empty translation means "use nl", which leaving it out says). */
function withoutEmpty<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === '' || v === undefined) continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = withoutEmpty(v as Record<string, unknown>);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else out[key] = v;
  }
  return out as T;
}

/** The columns an update body sets. */
function patchOf(body: AdminSiteUpdateBody): SitePatch {
  const { id: _id, colors, texts, visible_profile_notes, ...rest } = body;
  const patch: SitePatch = { ...rest };
  if (colors) patch.colors = colorsValue(colors);
  if (texts) patch.texts = withoutEmpty(texts) as SiteTexts;
  if (visible_profile_notes)
    patch.visible_profile_notes = withoutEmpty(visible_profile_notes) as Record<string, string>;
  return patch;
}

/** Whether the patch sets the video landers' video or its poster. */
function touchesLanderVideo(patch: SitePatch): boolean {
  return patch.lander_video_url !== undefined || patch.lander_video_poster !== undefined;
}

/**
 * Changes the settings of a site that the body names (SPEC.md 3 Settings; issue: back office II),
 * checked as a whole after the change (the domain language must be one of the site's languages, the
 * company must exist, the domain must be free). `is_default: true` moves the default here. One audit
 * entry `site.update` holds the changed fields before and after, in the change's transaction; after
 * the commit every instance drops its cached sites, so members see the change at once. `tags` (the
 * third-party tags the pages load after consent, issue: public site) is replaced as a whole; the
 * pages' Content-Security-Policy follows it (http/security-headers.ts), as it does the https origins
 * of the video landers' video and poster (`lander_video_url`, `lander_video_poster`: both or neither;
 * null plays the shipped demo clip).
 * @throws AppError forbidden (403) for roles other than admin; not_found (404) for an unknown site or
 *   one outside the actor's sites; validation_failed (400, data.issues) for a domain language the
 *   site does not offer, an unknown company, or a lander video without poster or poster without video
 *   (`lander_video_pair` on the empty one); conflict (409, data.field 'domain') for a taken domain
 */
export async function updateSite(
  { db, siteChanges }: Pick<AppDeps, 'db' | 'siteChanges'>,
  input: { actor: Actor; who: AuditWho; body: AdminSiteUpdateBody },
): Promise<SiteAdminView> {
  const siteId = input.body.id;
  staffScope(input.actor, 'update', 'site', siteId);
  const patch = patchOf(input.body);
  let changed = false;
  try {
    await db.transaction(async (tx) => {
      const before = await findSiteForUpdate(tx, siteId);
      if (!before) throw notFound();
      const merged = { ...before, ...patch };
      if (!merged.languages.includes(merged.domain_language.slice(0, 2))) {
        const field = patch.domain_language ? 'domain_language' : 'languages';
        throw validationFailed(fieldIssue(field, 'domain_language_not_offered'));
      }
      if (patch.company_id && !(await findCompany(tx, patch.company_id))) {
        throw validationFailed(fieldIssue('company_id', 'company_unknown'));
      }
      if (patch.domain && (await isDomainTaken(tx, patch.domain, siteId))) throw domainTaken();
      // A video needs its poster and a poster its video; rows stored before this rule stay as they are
      // until staff touch one of the two.
      const videoGap = touchesLanderVideo(patch) ? landerVideoPairGap(merged) : null;
      if (videoGap) throw validationFailed(fieldIssue(videoGap, 'lander_video_pair'));
      const diff = changedFields(before, merged, EDITABLE);
      if (Object.keys(diff.after).length === 0) return;
      const after = await updateSiteRow(tx, siteId, patch);
      await recordAudit(tx, input.who, {
        action: 'site.update',
        objectType: 'site',
        objectId: siteId,
        siteId,
        ...changedFields(before, after, EDITABLE),
      });
      changed = true;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'sites_domain_key')) throw domainTaken();
    // Two admins moved the default at the same moment: one wins, the other may try again.
    if (isUniqueViolation(err, 'sites_one_default')) throw new AppError('conflict', 409, { field: 'is_default' });
    throw err;
  }
  if (changed) await siteChanges.announce(siteId);
  return loadSiteView(db, siteId);
}
