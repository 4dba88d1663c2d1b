// Consumers reading the objects stream's current value per subject (DeliverLastPerSubject): the snapshot a feed
// replays when it opens or adds a scope, and the listing of the subjects present that a resync after a reconnect
// compares its objects with.
import { type Consumer, DeliverPolicy } from '@nats-io/jetstream';
import type { Bus } from './connection.ts';

/**
 * The stream head now and an ordered consumer of the current value of every subject of the filters. A message at
 * or past the head, or nothing left pending, means the snapshot is complete.
 */
export async function openSnapshot(
  bus: Bus,
  stream: string,
  filterSubjects: string[],
): Promise<{ headSeq: number; consumer: Consumer }> {
  let headSeq: number;
  try {
    headSeq = (await bus.jsm.streams.info(stream)).state.last_seq;
  } catch (err) {
    throw new Error(`cannot read stream ${stream}`, { cause: err });
  }
  const consumer = await bus.js.consumers
    .get(stream, { filter_subjects: filterSubjects, deliver_policy: DeliverPolicy.LastPerSubject })
    .catch((err: unknown) => {
      throw new Error(`cannot create an ordered consumer on ${stream}`, { cause: err });
    });
  return { headSeq, consumer };
}

/** The subjects the filters hold now (one per object, deleted markers included) and the stream head then. */
export async function subjectsPresent(
  bus: Bus,
  stream: string,
  filterSubjects: readonly string[],
): Promise<{ subjects: Set<string>; headSeq: number } | undefined> {
  const headSeq = (await bus.jsm.streams.info(stream)).state.last_seq;
  const consumer = await bus.js.consumers.get(stream, {
    filter_subjects: [...filterSubjects],
    deliver_policy: DeliverPolicy.LastPerSubject,
    headers_only: true,
  });
  const subjects = new Set<string>();
  try {
    if ((await consumer.info(true)).num_pending === 0) return { subjects, headSeq };
    const messages = await consumer.consume({ max_messages: 1024 });
    for await (const m of messages) {
      subjects.add(m.subject);
      if (m.info.pending === 0 || m.seq >= headSeq) break;
    }
    messages.stop();
    return { subjects, headSeq };
  } finally {
    await consumer.delete().catch(() => {});
  }
}
