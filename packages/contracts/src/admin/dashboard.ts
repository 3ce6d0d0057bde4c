/** Wire shapes of the back office: the dashboard: figures per site and period, with CSV export (issue: back office II). */
export {};
