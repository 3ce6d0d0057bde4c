/** Wire shapes of the back office: the operator inbox: conversations of members with fictional profiles, the lock, answers, response times (issue: back office II). */
export {};
