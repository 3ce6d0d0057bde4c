import { defineCall } from './define.js';

void defineCall;
/** Back-office member calls: search, detail, conversations, credits, notes (filled by the members work). */
export const adminMemberCalls = {};
