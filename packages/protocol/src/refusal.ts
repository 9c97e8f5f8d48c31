/** Carries a clear error out of deep validation code to the one place that turns it into a result. */
export class Refusal<E> {
  constructor(readonly error: E) {}
}

/** Runs a builder or validator that refuses by throwing a Refusal; gives a result instead. Other throws are bugs and pass on. */
export function attempt<T, E>(run: () => T): { ok: true; value: T } | { ok: false; error: E } {
  try {
    return { ok: true, value: run() };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error as E };
    throw e;
  }
}
