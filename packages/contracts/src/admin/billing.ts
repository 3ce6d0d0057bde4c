/** Back-office billing schemas (issue: back office I). */
export {};
