/**
 * A stand-in for the browser's EventSource (jsdom has none): tests open it, then push server-sent events
 * through `emit` and see what the page does with them.
 */
export class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  /** The connection is open (the first time, or again after a drop). */
  open() {
    this.dispatchEvent(new Event('open'));
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }
}
