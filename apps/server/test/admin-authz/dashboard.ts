/** The authorization matrix's rows of the back office's dashboard calls (issue: back office II). */
import type { Row } from './types.js';

export const dashboardRows: Record<string, Row> = {};
