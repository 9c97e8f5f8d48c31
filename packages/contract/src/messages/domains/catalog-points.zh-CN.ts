import type { catalogPointsEnUS } from './catalog-points.en-US.ts';

/** Messages of the point engine as the server answers them, in Chinese. */
export const catalogPointsZhCN = {
} as const satisfies Record<keyof typeof catalogPointsEnUS, string>;
