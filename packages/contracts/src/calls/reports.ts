import { defineCall } from './define.js';

void defineCall;
/** Member calls to report a profile or a message (filled by the moderation work). */
export const reportCalls = {};
