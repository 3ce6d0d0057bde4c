/** Back-office moderation schemas (issue: back office I). */
export {};
