// The bundled NATS cluster's nats.conf (templates/_nats-config.tpl) for one node running on loopback: the
// client, monitor and cluster listeners on local ports, the routes to the other local nodes instead of the
// headless Service's DNS names, and the mounted paths (store_dir, TLS files) at their local copies. Everything
// else (JetStream limits, users, permissions, TLS settings) stays as the chart renders it.
import { localPath } from './local-pod.ts';

export interface LocalNatsNode {
  clientPort: number;
  monitorPort: number;
  clusterPort: number;
  /** Cluster ports of every node (this one included, as the chart's route list does). */
  routePorts: readonly number[];
  mounts: readonly { mountPath: string; localDir: string }[];
}

export function localNatsConfig(conf: string, node: LocalNatsNode): string {
  const replaceOnce = (text: string, pattern: RegExp, replacement: string, what: string) => {
    if (!pattern.test(text)) throw new Error(`the chart's nats.conf has no ${what} (${pattern})`);
    return text.replace(pattern, replacement);
  };
  let out = conf;
  out = replaceOnce(out, /^listen: \S+:4222$/m, `listen: 127.0.0.1:${node.clientPort}`, 'client listener');
  out = replaceOnce(out, /^http: \S+:8222$/m, `http: 127.0.0.1:${node.monitorPort}`, 'monitor listener');
  if (/^cluster \{/m.test(out)) {
    out = replaceOnce(
      out,
      /^(\s+)listen: \S+:6222$/m,
      `$1listen: 127.0.0.1:${node.clusterPort}`,
      'cluster listener',
    );
    const routes = node.routePorts.map((p) => `    nats://127.0.0.1:${p}`).join('\n');
    out = replaceOnce(out, /^(\s+)routes: \[[^\]]*\]/m, `$1routes: [\n${routes}\n  ]`, 'route list');
  }
  const byLength = [...node.mounts].sort((a, b) => b.mountPath.length - a.mountPath.length);
  // Paths are values after `store_dir:`, `cert_file:` etc.; quoted or not.
  return out.replace(
    /(:\s*"?)(\/[^\s"]+)/g,
    (_m, lead: string, path: string) => lead + localPath(path, byLength),
  );
}
