// The jar reader on archives built here: stored and deflated entries, directories skipped, escapes refused.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { parseSha1File } from '../../src/lens-assets.ts';
import { readZip, unpackZip } from '../../src/zip.ts';

/** A minimal zip writer: local headers, central directory, end record (CRCs left 0; the reader does not check). */
function zip(entries: { name: string; data: string; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.from(e.data);
    const body = e.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe('readZip', () => {
  it('reads stored and deflated files and skips directories', () => {
    const got = readZip(
      zip([
        { name: 'zipkin-lens/', data: '' },
        { name: 'zipkin-lens/index.html', data: '<html>'.repeat(50), deflate: true },
        { name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\n' },
      ]),
    );
    assert.deepEqual(
      got.map((e) => [e.name, e.data.toString()]),
      [
        ['zipkin-lens/index.html', '<html>'.repeat(50)],
        ['META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\n'],
      ],
    );
  });
  it('refuses what is not a zip', () => assert.throws(() => readZip(Buffer.from('not a zip')), /not a zip/));
});

describe('unpackZip', () => {
  it('writes the kept entries only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trace-ui-zip-'));
    try {
      const n = unpackZip(
        zip([
          { name: 'zipkin-lens/static/js/a.js', data: 'x', deflate: true },
          { name: 'other/b.txt', data: 'y' },
        ]),
        dir,
        (name) => name.startsWith('zipkin-lens/'),
      );
      assert.equal(n, 1);
      assert.equal(readFileSync(join(dir, 'zipkin-lens/static/js/a.js'), 'utf8'), 'x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('refuses an entry that climbs out of the target', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trace-ui-zip-'));
    try {
      assert.throws(() => unpackZip(zip([{ name: '../evil', data: 'x' }]), dir), /outside the target/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseSha1File', () => {
  const sum = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
  const cases: [string, string | RegExp][] = [
    [sum, sum],
    [`${sum.toUpperCase()}\n`, sum],
    [`${sum}  zipkin-lens-3.4.3.jar\n`, sum],
    ['<html>404</html>', /not a sha1 checksum/],
  ];
  for (const [text, want] of cases) {
    it(JSON.stringify(text), () => {
      if (want instanceof RegExp) assert.throws(() => parseSha1File(text), want);
      else assert.equal(parseSha1File(text), want);
    });
  }
});
