/** Member reports of a profile or a message (issue: back office I, moderation). */
export {};
