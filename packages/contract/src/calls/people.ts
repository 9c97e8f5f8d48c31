/** Calls of the people area (issue 3): end customers, PDA users, departments, engineers, account log. */
export { LOGIN_NAME_PATTERN, PEOPLE_PAGE_SIZE, type SortOrder } from './people/common.ts';
export * from './people/customers.ts';
export * from './people/pda-users.ts';
export * from './people/departments.ts';
export * from './people/engineers.ts';
export * from './people/account-log.ts';
