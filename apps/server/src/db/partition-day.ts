/** The UTC day of a time given as an ISO string: the partition key `day` of the tables partitioned by received day (migration 020). */
export const dayOfIso = (iso: string): string => iso.slice(0, 10);
/** The UTC day of a time as 'YYYY-MM-DD' (the partition key `day`). */
export const dayOf = (at: Date): string => dayOfIso(at.toISOString());
