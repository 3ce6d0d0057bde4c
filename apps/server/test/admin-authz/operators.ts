/** The authorization matrix's rows of the back office's operators calls (issue: back office II). */
import type { Row } from './types.js';

export const operatorRows: Record<string, Row> = {};
