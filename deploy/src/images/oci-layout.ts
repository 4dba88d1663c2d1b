// Writes an OCI image layout (https://github.com/opencontainers/image-spec/blob/main/image-layout.md):
// oci-layout, index.json and content-addressed blobs (gzip layers, config, manifest), all sha256.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ImageConfig {
  user: string;
  entrypoint: string[];
  env: string[];
  workingDir: string;
  labels: Record<string, string>;
}

export interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  annotations?: Record<string, string>;
}

const sha256 = (data: Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`;

function writeBlob(dir: string, data: Buffer, mediaType: string): Descriptor {
  const digest = sha256(data);
  const blobs = join(dir, 'blobs', 'sha256');
  mkdirSync(blobs, { recursive: true });
  writeFileSync(join(blobs, digest.slice('sha256:'.length)), data);
  return { mediaType, digest, size: data.length };
}

/** Writes the layout for one image from its uncompressed layer tars (base first); returns the manifest descriptor. */
export function writeOciLayout(
  dir: string,
  o: { layers: readonly { tar: Buffer; comment: string }[]; config: ImageConfig; tag: string },
): { manifest: Descriptor; size: number } {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'oci-layout'), `${JSON.stringify({ imageLayoutVersion: '1.0.0' })}\n`);
  const layers = o.layers.map((l) =>
    // mtime 0 in the gzip header too, so a rebuilt layer has the same digest.
    writeBlob(dir, gzipSync(l.tar, { level: 6 }), 'application/vnd.oci.image.layer.v1.tar+gzip'),
  );
  const config = {
    created: '1970-01-01T00:00:00Z',
    architecture: 'amd64',
    os: 'linux',
    config: {
      User: o.config.user,
      Entrypoint: o.config.entrypoint,
      Env: o.config.env,
      WorkingDir: o.config.workingDir,
      Labels: o.config.labels,
    },
    rootfs: { type: 'layers', diff_ids: o.layers.map((l) => sha256(l.tar)) },
    history: o.layers.map((l) => ({ created: '1970-01-01T00:00:00Z', created_by: l.comment })),
  };
  const configDesc = writeBlob(
    dir,
    Buffer.from(JSON.stringify(config)),
    'application/vnd.oci.image.config.v1+json',
  );
  const manifest = {
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.manifest.v1+json',
    config: configDesc,
    layers,
    annotations: o.config.labels,
  };
  const manifestDesc = writeBlob(
    dir,
    Buffer.from(JSON.stringify(manifest)),
    'application/vnd.oci.image.manifest.v1+json',
  );
  const index = {
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.index.v1+json',
    manifests: [{ ...manifestDesc, annotations: { 'org.opencontainers.image.ref.name': o.tag } }],
  };
  writeFileSync(join(dir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  const size = layers.reduce((n, l) => n + l.size, 0) + configDesc.size + manifestDesc.size;
  return { manifest: manifestDesc, size };
}
