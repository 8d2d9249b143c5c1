/**
 * 全銀 総合振込 and 給与・賞与振込 files (docs/payee-checks.md#zengin-files): 120-byte records in
 * JIS X 0201 / Shift_JIS, one after another or each followed by CR LF; record kinds 1 header,
 * 2 data, 8 trailer, 9 end. This module holds the layout (one table per record kind, byte
 * positions as the 全銀協 format publishes them), reads one record's fields, and checks the
 * file's own rules as records arrive: kinds in order (header, data…, trailer, then another
 * header or the end), each trailer's count and total amount equal to its data records, and
 * nothing after the end. Problems are values with the record number; no I/O here.
 */
import iconv from 'iconv-lite';

export const ZENGIN_RECORD_BYTES = 120;

/** 種別コード of the header: what the file transfers. */
export const ZENGIN_FILE_KINDS: Readonly<Record<string, string>> = Object.freeze({ '21': '総合振込', '11': '給与振込', '12': '賞与振込' });

interface Field {
  /** 1-based first byte, as the published layout numbers them. */
  readonly from: number;
  readonly bytes: number;
}

const field = (from: number, bytes: number): Field => ({ from, bytes });

/** The data record (データ・レコード), the fields a payee check reads. */
const DATA = Object.freeze({
  bankCode: field(2, 4),
  bankName: field(6, 15),
  branchCode: field(21, 3),
  branchName: field(24, 15),
  accountType: field(43, 1),
  accountNumber: field(44, 7),
  holderKana: field(51, 30),
  amount: field(81, 10),
});

/** The header (ヘッダー・レコード). */
const HEADER = Object.freeze({ fileKind: field(2, 2), remitterName: field(15, 40) });

/** The trailer (トレーラ・レコード). */
const TRAILER = Object.freeze({ count: field(2, 6), total: field(8, 12) });

function text(record: Buffer, f: Field): string {
  return iconv.decode(record.subarray(f.from - 1, f.from - 1 + f.bytes), 'cp932').replace(/[ \u3000]+$/u, '');
}

export interface ZenginDataRecord {
  readonly bankCode: string;
  readonly bankName: string;
  readonly branchCode: string;
  readonly branchName: string;
  readonly accountType: string;
  readonly accountNumber: string;
  readonly holderKana: string;
  /** The amount as written (10 digits). */
  readonly amount: string;
}

export function readDataRecord(record: Buffer): ZenginDataRecord {
  const out: Record<string, string> = {};
  for (const [name, f] of Object.entries(DATA)) out[name] = text(record, f);
  return out as unknown as ZenginDataRecord;
}

/**
 * A problem of the file itself, at a record (1-based), in plain words: a record that could not
 * be read (`malformed`: a wrong length, an unknown kind) or a rule of the file broken (`rule`).
 */
export interface ZenginFileProblem {
  readonly kind: 'malformed' | 'rule';
  readonly record: number;
  readonly message: string;
}

type Expecting = 'header' | 'data or trailer' | 'header or end' | 'nothing';

/**
 * The file's rules, fed one record at a time (`add`), then `end`: every problem with its record
 * number. A record of the wrong length or an unknown kind is reported and skipped; its group's
 * count and total are then not compared (they could not match).
 */
export class ZenginFileRules {
  /** The first `keep` problems; `counts` has them all. */
  readonly problems: ZenginFileProblem[] = [];
  readonly counts = { malformed: 0, rule: 0 };
  #expecting: Expecting = 'header';
  #count = 0;
  #total = 0n;
  #groupBroken = false;
  #records = 0;
  #fileKind: string | undefined;

  /** 総合振込, 給与振込 or 賞与振込, from the first header. */
  get fileKind(): string | undefined {
    return this.#fileKind;
  }

  /** @param keep how many problems to hold (a broken file may have one per record). */
  constructor(private readonly keep = 1000) {}

  /** What the next record should be, as a problem names it: nothing may follow the end record. */
  #expected(): string {
    return this.#expecting === 'nothing' ? 'nothing more' : `a ${this.#expecting} record`;
  }

  #problem(record: number, message: string, kind: ZenginFileProblem['kind'] = 'rule'): void {
    this.counts[kind]++;
    if (this.problems.length < this.keep) this.problems.push({ kind, record, message });
  }

  /** Adds record number `n`; returns its data fields when it is a data record to check. */
  add(n: number, record: Buffer): ZenginDataRecord | undefined {
    this.#records = n;
    if (record.length !== ZENGIN_RECORD_BYTES) {
      this.#problem(n, `${record.length} bytes where a record has ${ZENGIN_RECORD_BYTES}`, 'malformed');
      this.#groupBroken = true;
      return undefined;
    }
    const kind = String.fromCharCode(record[0]!);
    switch (kind) {
      case '1':
        return this.#header(n, record);
      case '2':
        return this.#data(n, record);
      case '8':
        return this.#trailer(n, record);
      case '9':
        if (this.#expecting !== 'header or end') this.#problem(n, `end record where ${this.#expected()} was expected`);
        this.#expecting = 'nothing';
        return undefined;
      default:
        this.#problem(n, `record kind "${kind}" is none of 1 (header), 2 (data), 8 (trailer), 9 (end)`, 'malformed');
        this.#groupBroken = true;
        return undefined;
    }
  }

  #header(n: number, record: Buffer): undefined {
    if (this.#expecting !== 'header' && this.#expecting !== 'header or end') this.#problem(n, `header record where ${this.#expected()} was expected`);
    const kind = text(record, HEADER.fileKind);
    if (!(kind in ZENGIN_FILE_KINDS)) this.#problem(n, `種別コード "${kind}" is none of 21 (総合振込), 11 (給与振込), 12 (賞与振込)`);
    this.#fileKind ??= ZENGIN_FILE_KINDS[kind];
    this.#expecting = 'data or trailer';
    this.#count = 0;
    this.#total = 0n;
    this.#groupBroken = false;
    return undefined;
  }

  #data(n: number, record: Buffer): ZenginDataRecord {
    if (this.#expecting !== 'data or trailer') this.#problem(n, `data record where ${this.#expected()} was expected`);
    const data = readDataRecord(record);
    this.#count++;
    if (/^[0-9]{10}$/.test(data.amount)) this.#total += BigInt(data.amount);
    else {
      this.#problem(n, `振込金額 "${data.amount}" is not 10 digits`);
      this.#groupBroken = true;
    }
    return data;
  }

  #trailer(n: number, record: Buffer): undefined {
    if (this.#expecting !== 'data or trailer') this.#problem(n, `trailer record where ${this.#expected()} was expected`);
    const count = text(record, TRAILER.count);
    const total = text(record, TRAILER.total);
    if (!/^[0-9]{6}$/.test(count)) this.#problem(n, `合計件数 "${count}" is not 6 digits`);
    else if (!this.#groupBroken && Number(count) !== this.#count) this.#problem(n, `合計件数 ${Number(count)} but ${this.#count} data records`);
    if (!/^[0-9]{12}$/.test(total)) this.#problem(n, `合計金額 "${total}" is not 12 digits`);
    else if (!this.#groupBroken && BigInt(total) !== this.#total) this.#problem(n, `合計金額 ${BigInt(total)} but the data records add up to ${this.#total}`);
    this.#expecting = 'header or end';
    return undefined;
  }

  /** The file has ended: a missing trailer or end record is reported at the last record. */
  end(): void {
    if (this.#records === 0) this.#problem(0, 'the file holds no record');
    else if (this.#expecting === 'data or trailer') this.#problem(this.#records, 'the file ends without a trailer record (8) and an end record (9)');
    else if (this.#expecting === 'header or end') this.#problem(this.#records, 'the file ends without an end record (9)');
  }
}

/** Whether `head` (a file's first bytes) looks like a 全銀 file: a header record with a known 種別コード. */
export function looksLikeZenginFile(head: Buffer): boolean {
  if (head.length < ZENGIN_RECORD_BYTES || head[0] !== 0x31) return false;
  const kind = head.subarray(1, 3).toString('latin1');
  const next = head.subarray(ZENGIN_RECORD_BYTES, ZENGIN_RECORD_BYTES + 2);
  // The header is 120 bytes: then CR LF, the next record, or the end of the file.
  return kind in ZENGIN_FILE_KINDS && (next.length === 0 || next[0] === 0x0d || next[0] === 0x0a || [0x32, 0x38, 0x39].includes(next[0]!));
}
