import type { CallResponse, getDevice } from '@dcc/contract';

/** The device as the detail reads it: the record and whether it is in the caller's favourites. */
export type DetailDevice = CallResponse<typeof getDevice>;
