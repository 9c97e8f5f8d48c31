import type { peopleEnUS } from './people.en-US.ts';

/** Messages of the people calls (issue 3), in Chinese. */
export const peopleZhCN: Record<keyof typeof peopleEnUS, string> = {};
