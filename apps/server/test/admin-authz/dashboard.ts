/** The authorization matrix's rows of the back office's dashboard calls (issue: back office II). */
import { expect } from 'vitest';
import type { Row } from './types.js';

export const dashboardRows: Record<string, Row> = {
  // Admins only: one row per site of the account plus the total; filtered on a site, that site alone.
  'GET /api/admin/dashboard.php': { kind: 'list', siteFilter: true, request: () => ({}) },
  // The CSV carries no site ids the matrix could read: admins only, and an answer that is a CSV file.
  'GET /api/admin/dashboard-csv.php': {
    kind: 'list',
    sitesOf: () => null,
    request: () => ({ query: { table: 'sites' } }),
    check: ({ headers }) => {
      expect.soft(String(headers['content-type'])).toMatch(/^text\/csv/);
      expect.soft(String(headers['content-disposition'])).toMatch(/^attachment; filename="dashboard-sites-/);
    },
  },
};
