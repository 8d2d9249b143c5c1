/**
 * Archives that inflate far past their size, made in milliseconds: runs of zero bytes are
 * compressed once and their compressed form repeated (concatenated gzip members for a .tgz,
 * one deflated body reused by many ZIP entries). For the tests of the archive caps
 * (test/archives.security.test.ts).
 */
import { Readable } from 'node:stream';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { Header } from 'tar';

const MIB = 1024 * 1024;
const RUN = 32 * MIB;
let zeroRun: Buffer | undefined;

/** `bytes` zero bytes as gzip members: one compressed run of 32 MiB repeated, then the rest. */
function gzippedZeros(bytes: number): Buffer[] {
  zeroRun ??= gzipSync(Buffer.alloc(RUN));
  const members: Buffer[] = Array(Math.floor(bytes / RUN)).fill(zeroRun);
  if (bytes % RUN > 0) members.push(gzipSync(Buffer.alloc(bytes % RUN)));
  return members;
}

/** A tar entry: its content, or a number of zero bytes. */
export interface TarEntry {
  readonly path: string;
  readonly content: Buffer | number;
}

/** A gzipped tar of `entries` as `npm pack` lays them out, its zero runs never held whole. */
export function hostileTgz(entries: readonly TarEntry[]): Buffer {
  const members: Buffer[] = [];
  for (const { path, content } of entries) {
    const size = typeof content === 'number' ? content : content.length;
    const header = Buffer.alloc(512);
    new Header({ path, size, type: 'File', mode: 0o644, mtime: new Date(0), uid: 0, gid: 0, uname: '', gname: '' }).encode(header, 0);
    members.push(gzipSync(header));
    if (typeof content === 'number') members.push(...gzippedZeros(content));
    else members.push(gzipSync(content));
    const padding = (512 - (size % 512)) % 512;
    // The padding and the archive's end (two zero blocks) are zeros too.
    if (padding > 0) members.push(gzipSync(Buffer.alloc(padding)));
  }
  members.push(gzipSync(Buffer.alloc(1024)));
  return Buffer.concat(members);
}

/** A ZIP entry: its content (stored deflated), or a number of zero bytes. */
export interface ZipEntry {
  readonly name: string;
  readonly content: Buffer | number;
}

const deflatedZeros = new Map<number, { body: Buffer; crc: number }>();

/** A ZIP of `entries`, every body deflated; zero runs of one size are compressed once. */
export function hostileZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of entries) {
    let body: Buffer;
    let crc: number;
    const size = typeof content === 'number' ? content : content.length;
    if (typeof content === 'number') {
      let zeros = deflatedZeros.get(content);
      if (!zeros) {
        const raw = Buffer.alloc(content);
        zeros = { body: deflateRawSync(raw), crc: crc32(raw) };
        deflatedZeros.set(content, zeros);
      }
      ({ body, crc } = zeros);
    } else {
      body = deflateRawSync(content);
      crc = crc32(content);
    }
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, body);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `bytes` zero bytes as a stream of 1 MiB chunks, never held whole. */
export function zeroStream(bytes: number): Readable {
  const chunk = Buffer.alloc(MIB);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

/** Peak resident memory of this process so far, in MB (getrusage's ru_maxrss). */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
