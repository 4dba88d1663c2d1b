// CertificateRotated events from the bus. Every replica must see every event (each reloads its own TLS server),
// so this is an ordered, ephemeral consumer starting at new messages, not the shared durable of a work queue.

import { type Bus, type CertificateRotated, decodeDomainEvent, eventFilterSubjects } from '@kruise-ts/bus';
import { DeliverPolicy } from '@nats-io/jetstream';

export interface CertEventSubscription {
  stop(): Promise<void>;
}

export async function subscribeCertificateRotated(
  bus: Bus,
  onEvent: (event: CertificateRotated) => void,
  onError: (error: Error) => void,
): Promise<CertEventSubscription> {
  const { stream } = bus.topology.events;
  const consumer = await bus.js.consumers.get(stream, {
    filter_subjects: eventFilterSubjects(bus.topology, { types: ['CertificateRotated'] }),
    deliver_policy: DeliverPolicy.New,
  });
  const messages = await consumer.consume();
  const done = (async () => {
    for await (const m of messages) {
      try {
        const decoded = decodeDomainEvent('CertificateRotated', m.data);
        if (decoded.type === 'CertificateRotated') onEvent(decoded.event);
      } catch (err) {
        onError(new Error(`undecodable CertificateRotated on ${m.subject}`, { cause: err }));
      }
    }
  })();
  done.catch((err: unknown) => onError(new Error('CertificateRotated subscription ended', { cause: err })));
  return {
    async stop() {
      messages.stop();
      await done.catch(() => {});
    },
  };
}
