import { defineCall } from './define.js';

void defineCall;
/** Back-office moderation calls: photo queue, reports, sanctions (filled by the moderation work). */
export const adminModerationCalls = {};
