/** Calls of the organization area (issue 3). */
export {};
