// cert-manager's Prometheus metrics, registered on the service's registry.
import { Counter, Gauge, type Registry } from 'prom-client';

export interface CertManagerMetrics {
  syncs: Counter<'result'>;
  rotations: Counter<'reason'>;
  injections: Counter<'kind'>;
  leader: Gauge;
  servingNotAfter: Gauge;
  caNotAfter: Gauge;
  caBundleSize: Gauge;
}

export function createCertManagerMetrics(registry: Registry): CertManagerMetrics {
  const registers = [registry];
  return {
    syncs: new Counter({
      name: 'kruise_cert_manager_syncs_total',
      help: 'Certificate syncs by result (success, error, standby).',
      labelNames: ['result'],
      registers,
    }),
    rotations: new Counter({
      name: 'kruise_cert_manager_certificate_writes_total',
      help: 'New certificates or CA bundles written, by reason.',
      labelNames: ['reason'],
      registers,
    }),
    injections: new Counter({
      name: 'kruise_cert_manager_cabundle_injections_total',
      help: 'Objects whose caBundle was rewritten, by kind.',
      labelNames: ['kind'],
      registers,
    }),
    leader: new Gauge({
      name: 'kruise_cert_manager_leader',
      help: '1 while this instance holds the lease.',
      registers,
    }),
    servingNotAfter: new Gauge({
      name: 'kruise_cert_manager_serving_cert_not_after_seconds',
      help: 'Expiry of the serving certificate (Unix seconds).',
      registers,
    }),
    caNotAfter: new Gauge({
      name: 'kruise_cert_manager_ca_not_after_seconds',
      help: 'Expiry of the signing CA (Unix seconds).',
      registers,
    }),
    caBundleSize: new Gauge({
      name: 'kruise_cert_manager_cabundle_certificates',
      help: 'CAs in the injected bundle (2 during a rotation).',
      registers,
    }),
  };
}
