/** Messages of the organization calls (issue 3), in English. */
export const organizationEnUS = {} as const satisfies Record<string, string>;
