// Which build a process is, as the bus shows it: the NATS connection name `<service>/<version>` and the
// Kruise-Ts-Publisher header on everything it publishes. A process declares it once at start (the runtime's
// announceBuild does), so every connectBus in the process picks it up without threading it through.

export interface PublisherBuild {
  service: string;
  version: string;
}

let declared: PublisherBuild | undefined;

export function declarePublisherBuild(build: PublisherBuild): void {
  declared = { service: build.service, version: build.version };
}

/** The build this process declared, if any. */
export function publisherBuild(): PublisherBuild | undefined {
  return declared;
}

export function publisherName(build: PublisherBuild): string {
  return `${build.service}/${build.version}`;
}
