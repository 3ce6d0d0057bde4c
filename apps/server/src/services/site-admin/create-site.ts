import { type AdminSiteCreateBody, siteLanguage } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  findDefaultSite,
  insertCompany,
  insertShop,
  insertSite,
  isDomainTaken,
  readShopTemplate,
} from '../../db/repositories/site-admin.js';
import { findCompany } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { AppError, forbidden, validationFailed } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { newSiteShop, newSiteValues } from './new-site-defaults.js';
import { fieldIssue, loadSiteView, type SiteAdminView } from './site-view.js';

/** A domain another site serves: 409 conflict naming the field. */
const domainTaken = () => new AppError('conflict', 409, { field: 'domain', reason: 'domain_taken' });

/**
 * Creates a site (issue: back office II): domain, languages, niche, look and company (an existing
 * one, or a new one made in the same transaction), every other setting copied from the default site,
 * and its own copies of the default site's active credit packages, gifts and welcome and time-bonus
 * codes (newSiteShop). Audit entries `site.create` (and `company.create`) are written in the same
 * transaction; after the commit every instance drops its cached sites, so the new domain (which was
 * served the default site until now) serves the new one at once (SPEC.md 3; DECISIONS.md one
 * backend, many sites). While there is no default site (a new deployment's first site, issue 32) the
 * new site becomes the default: it answers for every host no other site serves. `actor` null is the
 * command line (`npm run site -- create`, cli/site.ts), which may create a site like an admin of every
 * site.
 * @throws AppError forbidden (403) for roles other than admin and for admins of some sites only;
 *   validation_failed (400, data.issues) for an unknown company_id; conflict (409, data.field
 *   'domain') for a domain another site serves
 */
export async function createSite(
  { db, siteChanges }: Pick<AppDeps, 'db' | 'siteChanges'>,
  input: { actor: Actor | null; who: AuditWho; body: AdminSiteCreateBody },
): Promise<SiteAdminView> {
  if (input.actor !== null) {
    const { siteIds } = staffScope(input.actor, 'create', 'site');
    // A site made by an admin of some sites would be out of that admin's reach at once.
    if (siteIds !== 'all') throw forbidden();
  }
  let siteId: number;
  try {
    siteId = await insertNewSite(db, input);
  } catch (err) {
    if (isUniqueViolation(err, 'sites_domain_key')) throw domainTaken();
    // Two first sites at once: both saw no default site; the loser is made again as a normal site.
    if (!isUniqueViolation(err, 'sites_one_default')) throw err;
    siteId = await insertNewSite(db, input).catch((again: unknown) => {
      throw isUniqueViolation(again, 'sites_domain_key') ? domainTaken() : again;
    });
  }
  await siteChanges.announce(siteId);
  return loadSiteView(db, siteId);
}

/** The transaction of createSite: company, site, shop and audit entries; answers the new site's id. */
async function insertNewSite(db: Db, { who, body }: { who: AuditWho; body: AdminSiteCreateBody }): Promise<number> {
  return db.transaction(async (tx) => {
    if (await isDomainTaken(tx, body.domain)) throw domainTaken();
    let companyId = body.company_id;
    if (companyId !== undefined) {
      if (!(await findCompany(tx, companyId))) throw validationFailed(fieldIssue('company_id', 'company_unknown'));
    } else if (body.company) {
      const company = await insertCompany(tx, body.company);
      companyId = company.id;
      await recordAudit(tx, who, {
        action: 'company.create',
        objectType: 'company',
        objectId: company.id,
        after: body.company,
      });
    } else {
      throw validationFailed(fieldIssue('company_id', 'company_required'));
    }
    const template = await findDefaultSite(tx);
    const site = await insertSite(tx, { ...newSiteValues(body, companyId, template), is_default: template === null });
    const shop = newSiteShop(template ? await readShopTemplate(tx, template.id) : null, siteLanguage(site));
    await insertShop(tx, site.id, shop);
    await recordAudit(tx, who, {
      action: 'site.create',
      objectType: 'site',
      objectId: site.id,
      siteId: site.id,
      after: {
        ...body,
        company_id: companyId,
        copied_from_site_id: template?.id ?? null,
        is_default: template === null,
        packages: shop.packages.length,
        gifts: shop.gifts.length,
        codes: shop.codes.map((c) => c.code),
      },
    });
    return site.id;
  });
}
