import { revealProductSecret, setDynamicRegistration } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import type { SecretBox } from '../devices/index.ts';
import { productSecret, setProductDynamicRegistration } from './product-secret.ts';

/** The console calls of dynamic registration (products, B150, platform only). */
export function registrationRoutes(db: Kysely<DB>, box: SecretBox): CallRoute[] {
  return [
    route(setDynamicRegistration, (input) => setProductDynamicRegistration(db, input.productId, input.enabled)),
    route(revealProductSecret, (input) => productSecret(db, box, input.productId, input.reset)),
  ];
}
