import { type AdminCompany, type AdminSite, adminSiteCalls, type CallBodyInput } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Query keys of the sites area (invalidate `siteKeys.all` after a change). */
export const siteKeys = {
  all: ['admin', 'sites-admin'] as const,
  list: ['admin', 'sites-admin', 'list'] as const,
  companies: ['admin', 'sites-admin', 'companies'] as const,
  detail: (id: number) => ['admin', 'sites-admin', 'detail', id] as const,
};

/** GET /api/admin/site-list.php: every site with company, languages and member count (admins). */
export const siteListQuery = queryOptions({
  queryKey: siteKeys.list,
  queryFn: ({ signal }) => call(adminSiteCalls.list, { signal }),
});

/** GET /api/admin/companies.php: the operating companies with their number of sites (admins of every site). */
export const companiesQuery = queryOptions({
  queryKey: siteKeys.companies,
  queryFn: ({ signal }) => call(adminSiteCalls.companies, { signal }),
});

/** GET /api/admin/site.php?id=: every setting of one site, its look and company. */
export const siteQuery = (id: number) =>
  queryOptions({
    queryKey: siteKeys.detail(id),
    queryFn: ({ signal }) => call(adminSiteCalls.detail, { query: { id }, signal }),
  });

/** The body of POST /api/admin/sites.php. */
export type NewSite = CallBodyInput<typeof adminSiteCalls.create>;
/** The body of PUT /api/admin/site.php: `{ id, ...changes }`. */
export type SiteChange = CallBodyInput<typeof adminSiteCalls.update>;
/** The body of PUT /api/admin/company.php: `{ id, ...changes }`. */
export type CompanyChange = CallBodyInput<typeof adminSiteCalls.updateCompany>;

/** POST /api/admin/sites.php: creates a site; answers it with every setting. */
export function createSite(body: NewSite): Promise<AdminSite> {
  return call(adminSiteCalls.create, { body });
}

/** PUT /api/admin/site.php: changes the fields sent; answers the site after the change. */
export function updateSite(body: SiteChange): Promise<AdminSite> {
  return call(adminSiteCalls.update, { body });
}

/** PUT /api/admin/company.php: changes the company fields sent; answers the company. */
export function updateCompany(body: CompanyChange): Promise<AdminCompany> {
  return call(adminSiteCalls.updateCompany, { body });
}

/** The bytes of `file` as base64 (what PUT /api/admin/site-logo.php takes). */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** PUT /api/admin/site-logo.php: a new logo from `file`, or none (null); answers the site. */
export async function setSiteLogo(id: number, file: Blob | null): Promise<AdminSite> {
  const image = file ? await fileAsBase64(file) : null;
  return call(adminSiteCalls.logo, { body: { id, image } });
}
