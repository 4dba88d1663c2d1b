// An admin kubeconfig with embedded credentials, so it works from any working directory. Written as JSON (which
// kubectl and every YAML reader accept) so that services read it without loading a YAML parser.

export function adminKubeconfig(server: string, caPem: string, certPem: string, keyPem: string): string {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'kruise-ts-dev', cluster: { server, 'certificate-authority-data': b64(caPem) } }],
    users: [
      { name: 'admin', user: { 'client-certificate-data': b64(certPem), 'client-key-data': b64(keyPem) } },
    ],
    contexts: [{ name: 'kruise-ts-dev', context: { cluster: 'kruise-ts-dev', user: 'admin' } }],
    'current-context': 'kruise-ts-dev',
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
