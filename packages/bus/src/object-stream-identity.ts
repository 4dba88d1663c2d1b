// Whether the object stream is still the one a process's caches were filled from. A JetStream store wiped under
// running services (a lost volume; a standalone nats-server restarted with the stream in memory) comes back with
// an empty object stream, or none. A feed's ghost resync after the reconnect would then tombstone every object it
// holds, and the watcher, which publishes only changes, would never republish the rest: controllers would see
// workloads without their pods and create them again. A stream is known by its creation time (it survives a
// restart from disk); once it differs, the process stops trusting the bus and its liveness fails, so it is
// restarted and starts over from the watcher's next full list (list markers, docs/adr/0019).
import { JetStreamApiCodes, JetStreamApiError, type JetStreamManager } from '@nats-io/jetstream';

export class ObjectStreamReplacedError extends Error {
  readonly stream: string;
  readonly knownCreated: string;
  readonly nowCreated: string | undefined;

  constructor(stream: string, knownCreated: string, nowCreated: string | undefined) {
    super(
      nowCreated === undefined
        ? `object stream ${stream} (created ${knownCreated}) is gone: restart to rebuild the cache from a full list`
        : `object stream ${stream} was replaced (created ${knownCreated}, now ${nowCreated}): restart to rebuild the cache from a full list`,
    );
    this.name = 'ObjectStreamReplacedError';
    this.stream = stream;
    this.knownCreated = knownCreated;
    this.nowCreated = nowCreated;
  }
}

/** What one read of the stream's creation time means, given the one first read (undefined: none yet). */
export function streamIdentityVerdict(
  known: string | undefined,
  now: string | undefined,
): 'first' | 'same' | 'replaced' | 'absent' {
  if (known === undefined) return now === undefined ? 'absent' : 'first';
  return now === known ? 'same' : 'replaced';
}

export class ObjectStreamIdentity {
  #known: string | undefined;
  #replaced: ObjectStreamReplacedError | undefined;
  #reading: Promise<boolean> | undefined;

  readonly #jsm: JetStreamManager;
  readonly #stream: string;

  constructor(jsm: JetStreamManager, stream: string) {
    this.#jsm = jsm;
    this.#stream = stream;
  }

  /** The replacement once seen (it stays: the caches filled from the old stream cannot be trusted again). */
  replaced(): ObjectStreamReplacedError | undefined {
    return this.#replaced;
  }

  /**
   * Reads the stream's creation time and compares it with the first one read: false once the stream was replaced
   * or is gone. Concurrent calls share one read; a failed read rejects (unknown, not replaced).
   */
  intact(): Promise<boolean> {
    if (this.#replaced !== undefined) return Promise.resolve(false);
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #read(): Promise<boolean> {
    let now: string | undefined;
    try {
      now = (await this.#jsm.streams.info(this.#stream)).created;
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound))
        throw new Error(`cannot read stream ${this.#stream}`, { cause: err });
    }
    const verdict = streamIdentityVerdict(this.#known, now);
    if (verdict === 'first') this.#known = now;
    if (verdict === 'replaced' && this.#known !== undefined)
      this.#replaced ??= new ObjectStreamReplacedError(this.#stream, this.#known, now);
    return verdict !== 'replaced';
  }
}
