/** Messages of the people calls (issue 3), in English. */
export const peopleEnUS = {} as const satisfies Record<string, string>;
