// A minimal, deterministic tar writer (ustar with PAX headers for long names): enough for image layers, with
// no dependency and no container tooling. Every entry gets mtime 0 so equal inputs give equal digests.
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export interface TarEntry {
  /** Path inside the archive, without a leading slash; directories without a trailing one. */
  path: string;
  type: 'file' | 'dir' | 'symlink';
  mode: number;
  uid?: number;
  gid?: number;
  data?: Buffer;
  linkTarget?: string;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, typeflag: string, e: Partial<TarEntry>, linkname = ''): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(e.mode ?? 0o644, 8), 100, 'ascii');
  h.write(octal(e.uid ?? 0, 8), 108, 'ascii');
  h.write(octal(e.gid ?? 0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(0, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(typeflag, 156, 'ascii');
  h.write(linkname, 157, 100, 'utf8');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

function padded(data: Buffer): Buffer[] {
  const rest = data.length % 512;
  return rest === 0 ? [data] : [data, Buffer.alloc(512 - rest)];
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (`${len}${body}`.length !== len) len = Buffer.byteLength(`${len}${body}`);
  return `${len}${body}`;
}

export function tar(entries: readonly TarEntry[]): Buffer {
  const chunks: Buffer[] = [];
  for (const e of entries) {
    const name = e.type === 'dir' ? `${e.path}/` : e.path;
    const link = e.linkTarget ?? '';
    const pax: string[] = [];
    if (Buffer.byteLength(name) > 100) pax.push(paxRecord('path', name));
    if (Buffer.byteLength(link) > 100) pax.push(paxRecord('linkpath', link));
    if (pax.length > 0) {
      const body = Buffer.from(pax.join(''));
      chunks.push(header('PaxHeader', body.length, 'x', {}), ...padded(body));
    }
    const short = name.slice(0, 100);
    if (e.type === 'file') {
      const data = e.data ?? Buffer.alloc(0);
      chunks.push(header(short, data.length, '0', e), ...padded(data));
    } else if (e.type === 'dir') chunks.push(header(short, 0, '5', e));
    else chunks.push(header(short, 0, '2', e, link.slice(0, 100)));
  }
  chunks.push(Buffer.alloc(1024));
  return Buffer.concat(chunks);
}

/** Entries for everything under `root` (sorted, symlinks kept), placed under `prefix` in the archive. */
export function entriesOf(
  root: string,
  prefix: string,
  options: { skip?: (relative: string) => boolean; uid?: number; gid?: number } = {},
): TarEntry[] {
  const out: TarEntry[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(root, rel)).sort()) {
      const r = rel === '' ? name : `${rel}/${name}`;
      if (options.skip?.(r)) continue;
      const full = join(root, r);
      const st = lstatSync(full);
      const path = prefix === '' ? r : `${prefix}/${r}`;
      const owner = { uid: options.uid ?? 0, gid: options.gid ?? 0 };
      if (st.isSymbolicLink())
        out.push({ path, type: 'symlink', mode: 0o777, linkTarget: readlinkSync(full), ...owner });
      else if (st.isDirectory()) {
        out.push({ path, type: 'dir', mode: st.mode & 0o7777, ...owner });
        walk(r);
      } else if (st.isFile())
        out.push({ path, type: 'file', mode: st.mode & 0o7777, data: readFileSync(full), ...owner });
    }
  };
  walk('');
  return out;
}

/** The directories leading to `path` (e.g. `app`, `app/services` for `app/services/x`). */
export function parentDirs(path: string): TarEntry[] {
  const parts = path.split('/');
  return parts
    .slice(0, -1)
    .map((_, i) => ({ path: parts.slice(0, i + 1).join('/'), type: 'dir' as const, mode: 0o755 }));
}
