import { type AdminFictionalListQuery, adminFictionalCalls } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Query keys of the fictional profiles area (invalidate `fictionalKeys.all` after a change). */
export const fictionalKeys = {
  all: ['admin', 'fictional'] as const,
  list: (params: AdminFictionalListQuery) => ['admin', 'fictional', 'list', params] as const,
  detail: (id: number) => ['admin', 'fictional', 'detail', id] as const,
  site: (siteId: number) => ['admin', 'fictional', 'site', siteId] as const,
};

/** One page of fictional profiles (GET /api/admin/fictional-profiles.php). */
export const fictionalListQuery = (params: AdminFictionalListQuery) =>
  queryOptions({
    queryKey: fictionalKeys.list(params),
    queryFn: () => call(adminFictionalCalls.list, { query: params }),
  });

/** One fictional profile with photos and persona (GET /api/admin/fictional-profile.php). */
export const fictionalQuery = (id: number) =>
  queryOptions({
    queryKey: fictionalKeys.detail(id),
    queryFn: () => call(adminFictionalCalls.detail, { query: { id } }),
  });

/** A site's countries, regions and label for the editor (GET /api/admin/fictional-site.php); kept for the session. */
export const fictionalSiteQuery = (siteId: number) =>
  queryOptions({
    queryKey: fictionalKeys.site(siteId),
    queryFn: () => call(adminFictionalCalls.site, { query: { site_id: siteId } }),
    staleTime: 600_000,
  });
