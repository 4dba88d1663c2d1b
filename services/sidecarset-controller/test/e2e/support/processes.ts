// Child processes of the e2e harness: the watcher, the webhook server and this controller.
import { type ServiceProcess, startServiceProcess } from '@kruise-ts/devcluster';

export type { ServiceProcess };

type Name = 'watcher' | 'webhook-server' | 'sidecarset-controller';

export function startService(name: Name, env: Record<string, string>): ServiceProcess {
  return startServiceProcess(name, env);
}
