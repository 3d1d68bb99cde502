/**
 * A response body sent as it is produced, chunk by chunk: a snapshot of a large state is more
 * text than one string can hold, so it never exists whole. The node runtime writes the chunks
 * with backpressure (a slow reader pauses the producer, not the heap); the fetch runtime (MSW,
 * `sim.fetch`) hands them to a ReadableStream. In-process `sim.request` collects them and parses
 * the JSON, as it does for every other answer.
 */
export class StreamedBody {
  constructor(
    /** The `Content-Type` the runtimes send. */
    readonly contentType: string,
    /** Called once per send: each call starts the body from the beginning. */
    private readonly produce: () => Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  ) {}

  chunks(): Iterable<Uint8Array> | AsyncIterable<Uint8Array> {
    return this.produce();
  }

  /** The whole body as text (in-process callers and tests; a huge body here is the caller's choice). */
  async text(): Promise<string> {
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of this.chunks()) text += decoder.decode(chunk, { stream: true });
    return text + decoder.decode();
  }
}

export function isStreamedBody(body: unknown): body is StreamedBody {
  return body instanceof StreamedBody;
}

/** A ReadableStream over the body's chunks, pulled one at a time (the reader sets the pace). */
export function toReadableStream(body: StreamedBody): ReadableStream<Uint8Array> {
  let iterator: Iterator<Uint8Array> | AsyncIterator<Uint8Array> | undefined;
  const open = (): Iterator<Uint8Array> | AsyncIterator<Uint8Array> => {
    const source = body.chunks();
    return Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      iterator ??= open();
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}
