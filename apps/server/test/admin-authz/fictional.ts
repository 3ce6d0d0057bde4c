/** The authorization matrix's rows of the back office's fictional calls (issue: back office II). */
import type { Row } from './types.js';

export const fictionalRows: Record<string, Row> = {};
