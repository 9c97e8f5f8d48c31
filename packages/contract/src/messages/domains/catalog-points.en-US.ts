/** Messages of the point engine as the server answers them (table and formula errors, Excel columns, frame errors), in English. */
export const catalogPointsEnUS = {
} as const satisfies Record<string, string>;
