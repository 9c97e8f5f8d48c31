import type { organizationEnUS } from './organization.en-US.ts';

/** Messages of the organization calls (issue 3), in Chinese. */
export const organizationZhCN: Record<keyof typeof organizationEnUS, string> = {};
