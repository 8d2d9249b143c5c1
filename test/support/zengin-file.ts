/** 全銀 総合振込 files for tests: 120-byte records in Shift_JIS (JIS X 0201 kana), as banking software writes them. */
import { encodeShiftJis } from '../../src/shared/input-encoding.js';

/** `text` in Shift_JIS, padded with spaces (or cut) to `bytes`. */
function cell(text: string, bytes: number, pad = ' '): Buffer {
  const encoded = encodeShiftJis(text);
  if (encoded.length >= bytes) return encoded.subarray(0, bytes);
  return Buffer.concat([encoded, Buffer.from(pad.repeat(bytes - encoded.length), 'latin1')]);
}

const digits = (n: number | string, width: number) => String(n).padStart(width, '0');

export function headerRecord(kind = '21'): Buffer {
  return Buffer.concat([cell('1', 1), cell(kind, 2), cell('0', 1), cell('1234567890', 10), cell('ｶ)ｷﾞﾝｺｼﾖｳｼﾞ', 40), cell('0825', 4), cell('0001', 4), cell('ﾐｽﾞﾎ', 15), cell('001', 3), cell('ﾄｳｷﾖｳ', 15), cell('1', 1), cell('7654321', 7), cell('', 17)]);
}

export interface DataFields {
  readonly bankCode: string;
  readonly bankName?: string;
  readonly branchCode: string;
  readonly branchName?: string;
  readonly accountType?: string;
  readonly accountNumber?: string;
  readonly holder: string;
  readonly amount: number;
}

export function dataRecord(d: DataFields): Buffer {
  return Buffer.concat([
    cell('2', 1),
    cell(d.bankCode, 4),
    cell(d.bankName ?? '', 15),
    cell(d.branchCode, 3),
    cell(d.branchName ?? '', 15),
    cell('', 4),
    cell(d.accountType ?? '1', 1),
    cell(d.accountNumber ?? '1234567', 7),
    cell(d.holder, 30),
    cell(digits(d.amount, 10), 10),
    cell('0', 1),
    cell('', 20),
    cell('', 1),
    cell('', 1),
    cell('', 7),
  ]);
}

export function trailerRecord(count: number, total: number): Buffer {
  return Buffer.concat([cell('8', 1), cell(digits(count, 6), 6), cell(digits(total, 12), 12), cell('', 101)]);
}

export function endRecord(): Buffer {
  return Buffer.concat([cell('9', 1), cell('', 119)]);
}

/** The records joined, with CR LF after each or none. */
export function zenginFile(records: readonly Buffer[], lines: boolean): Buffer {
  return Buffer.concat(records.flatMap((r) => (lines ? [r, Buffer.from('\r\n')] : [r])));
}
