/** The authorization matrix's rows of the back office's shop calls (issue: back office II). */
import type { Row } from './types.js';

export const shopRows: Record<string, Row> = {};
