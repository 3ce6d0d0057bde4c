/** The authorization matrix's rows of the back office's sites calls (issue: back office II). */
import type { Row } from './types.js';

export const siteRows: Record<string, Row> = {};
