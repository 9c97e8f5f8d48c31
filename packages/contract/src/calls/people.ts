/** Calls of the people area (issue 3). */
export {};
