/**
 * A real npm registry protocol on 127.0.0.1 for update tests: a package document for
 * `zengin-code` and tarballs made with `npm pack`, each with the sha512 integrity npm computed.
 * Tests change what it serves (another file under a version's name, a truncated tarball, a
 * version that fails validation) to see how `ginko update` refuses it. No test needs the
 * internet.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { installedPackageDir } from '../../src/dataset/zengin.js';
import type { RawData } from './raw-diff.js';

const run = promisify(execFile);

export interface PackedVersion {
  readonly version: string;
  readonly bytes: Buffer;
  /** What npm pack computed: `sha512-…`. */
  readonly integrity: string;
}

/** `npm pack` of a package directory, into `outDir`. */
export async function npmPack(dir: string, outDir: string): Promise<PackedVersion> {
  const { stdout } = await run('npm', ['pack', dir, '--pack-destination', outDir, '--ignore-scripts', '--json'], { env: { ...process.env, npm_config_loglevel: 'error' } });
  const [info] = JSON.parse(stdout) as { filename: string; integrity: string; version: string }[];
  return { version: info!.version, bytes: readFileSync(join(outDir, info!.filename)), integrity: info!.integrity };
}

/** Writes a zengin-code package directory of `data` as version 1.0.0-p<YYYYMMDD>. */
export function writePackageDir(parent: string, date: string, data: RawData): string {
  const dir = mkdtempSync(join(parent, 'pkg-'));
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'zengin-code', version: `1.0.0-p${date.replaceAll('-', '')}`, license: 'MIT', files: ['lib/'] }));
  writeFileSync(join(dir, 'lib', 'zengin-data.js'), `module.exports = ${JSON.stringify(data)};\n`);
  return dir;
}

/** The bundled versions, packed with npm from node_modules (about a second each). */
export async function packBundled(outDir: string, packages: readonly string[]): Promise<PackedVersion[]> {
  const packed: PackedVersion[] = [];
  for (const name of packages) packed.push(await npmPack(installedPackageDir(name), outDir));
  return packed;
}

/** What a tarball request may answer instead: other bytes, or a stream (chunked unless a length is declared). */
export type ServedBody = Buffer | { readonly stream: () => Readable; readonly declaredLength?: number };

export class TestRegistry {
  readonly #server: Server;
  readonly #versions = new Map<string, { integrity: string; bytes: Buffer }>();
  /** What a tarball request answers instead of the published bytes, by version. */
  readonly #served = new Map<string, ServedBody>();
  /** The `latest` dist-tag: deliberately not the newest date in the tests. */
  latest = '';
  readonly requests: string[] = [];
  url = '';

  constructor() {
    this.#server = createServer((req, res) => {
      this.requests.push(`${req.method} ${req.url}`);
      const url = req.url ?? '/';
      if (url === '/zengin-code') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(this.packument()));
        return;
      }
      const m = /^\/zengin-code\/-\/zengin-code-(.+)\.tgz$/.exec(url);
      const version = m && this.#versions.get(m[1]!) ? m[1]! : undefined;
      if (!version) {
        res.statusCode = 404;
        res.end('{"error":"not found"}');
        return;
      }
      res.setHeader('content-type', 'application/octet-stream');
      const body = this.#served.get(version) ?? this.#versions.get(version)!.bytes;
      if (Buffer.isBuffer(body)) return void res.end(body);
      if (body.declaredLength !== undefined) res.setHeader('content-length', String(body.declaredLength));
      const stream = body.stream();
      // A client that stops reading (a download past its cap) ends the stream.
      res.on('close', () => stream.destroy());
      stream.pipe(res);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/`;
    return this;
  }

  publish(packed: PackedVersion): void {
    this.#versions.set(packed.version, { integrity: packed.integrity, bytes: packed.bytes });
  }

  unpublish(version: string): void {
    this.#versions.delete(version);
    this.#served.delete(version);
  }

  /** Answers `bytes` for `version`'s tarball while the document keeps its published integrity. */
  serveInstead(version: string, bytes: ServedBody | undefined): void {
    if (bytes) this.#served.set(version, bytes);
    else this.#served.delete(version);
  }

  packument(): unknown {
    const versions: Record<string, unknown> = {};
    for (const [version, { integrity }] of this.#versions) {
      versions[version] = { name: 'zengin-code', version, dist: { tarball: `${this.url}zengin-code/-/zengin-code-${version}.tgz`, integrity } };
    }
    return { name: 'zengin-code', 'dist-tags': { latest: this.latest }, versions };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
