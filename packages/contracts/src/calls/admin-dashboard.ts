/**
 * Back office II. The dashboard: figures per site and period, with CSV export.
 */
export const adminDashboardCalls = {} as const;
