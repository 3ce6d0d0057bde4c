/** Wire shapes of the back office: sites: create a site, edit its settings (SPEC.md 3 Settings), prices and its company (issue: back office II). */
export {};
