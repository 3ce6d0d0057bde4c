import { defineCall } from './define.js';

void defineCall;
/** Back-office complaints and payments calls (filled by the billing work). */
export const adminBillingCalls = {};
