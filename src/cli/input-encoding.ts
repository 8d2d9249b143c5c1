/**
 * The text of a CSV file as people hand it over: UTF-8, UTF-8 with a byte-order mark (what
 * Excel writes as "CSV UTF-8"), or Shift_JIS (what Excel and most Japanese banking software
 * write as "CSV"). Decided from the bytes: a BOM, else valid UTF-8, else Shift_JIS in its
 * Windows form (CP932, which adds ① and the NEC and IBM kanji that payroll files contain).
 */
import iconv from 'iconv-lite';

export type InputEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'Shift_JIS';

export interface DecodedInput {
  readonly text: string;
  readonly encoding: InputEncoding;
}

const BOM = [0xef, 0xbb, 0xbf];

export function decodeInput(bytes: Uint8Array): DecodedInput {
  if (BOM.every((b, i) => bytes[i] === b)) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8 with BOM' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // Not UTF-8: the only other encoding of Japanese CSV in use.
    return { text: iconv.decode(Buffer.from(bytes), 'cp932'), encoding: 'Shift_JIS' };
  }
}

/** For tests and tools that need a Shift_JIS file. */
export function encodeShiftJis(text: string): Buffer {
  return iconv.encode(text, 'cp932');
}
