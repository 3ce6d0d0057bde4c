/**
 * Back office II. The operator inbox: conversations of members with fictional profiles, the lock, answers, response times.
 */
export const adminOperatorCalls = {} as const;
