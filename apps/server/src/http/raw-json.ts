/**
 * An answer already serialized as JSON text, typically built by PostgreSQL (json_agg): the
 * pipeline splices it into the envelope without parsing and re-serializing it in Node.
 */
export class RawJson {
  /** UTF-8 bytes, or text. */
  constructor(readonly json: Buffer | string) {}

  get text(): string {
    return typeof this.json === 'string' ? this.json : this.json.toString('utf8');
  }
}
