/** Back-office members schemas (issue: back office I). */
export {};
