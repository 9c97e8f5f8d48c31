/**
 * An answer already serialized as JSON text, typically built by PostgreSQL (json_agg): the
 * pipeline splices it into the envelope without parsing and re-serializing it in Node.
 */
export class RawJson {
  constructor(readonly text: string) {}
}
