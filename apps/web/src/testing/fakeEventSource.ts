/**
 * An EventSource a component test drives (stubbed as the global EventSource): it hands each named message to the
 * listeners the code under test added. `last` is the one most recently opened.
 */
export class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, Array<(message: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(kind: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }
  send(kind: string, data: string) {
    for (const listener of this.listeners.get(kind) ?? []) listener({ data } as MessageEvent<string>);
  }
  close() {}
}
