/**
 * The text of a CSV file as people hand it over: UTF-8, UTF-8 with a byte-order mark (what
 * Excel writes as "CSV UTF-8"), or Shift_JIS (what Excel and most Japanese banking software
 * write as "CSV"). Decided from the bytes: a BOM, else the first lines that are not plain ASCII
 * (up to DECISION_SAMPLE_BYTES of them): UTF-8 if most of them are, else Shift_JIS in its
 * Windows form (CP932, which adds ① and the NEC and IBM kanji that payroll files contain). A
 * file is decoded line by line, so that a line holding bytes its encoding cannot read is told
 * apart: it is read with U+FFFD in their place and reported (docs/resolve.md#whole-files).
 */
import iconv from 'iconv-lite';

export type InputEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'Shift_JIS';

/** How many bytes of lines with other than ASCII the decision looks at (fewer at the file's end). */
export const DECISION_SAMPLE_BYTES = 64 * 1024;

export const UTF8_BOM: readonly number[] = [0xef, 0xbb, 0xbf];

export interface DecodedLine {
  readonly text: string;
  /** Some bytes were not of the encoding: they are U+FFFD in `text`. */
  readonly undecodable: boolean;
}

export function isAscii(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b > 0x7f) return false;
  return true;
}

/**
 * UTF-8 when at least half of the sample's lines beyond ASCII (the file's first ones) are UTF-8,
 * else Shift_JIS, the only other encoding of Japanese CSV in use. Japanese text in Shift_JIS is
 * almost never valid UTF-8, so a UTF-8 file with a few broken lines stays UTF-8, and those lines
 * are reported rather than the whole file read wrong.
 */
export function decideEncoding(sample: readonly Uint8Array[]): 'UTF-8' | 'Shift_JIS' {
  let utf8 = 0;
  let other = 0;
  for (const line of sample) {
    if (isAscii(line)) continue;
    if (decodeLine(line, 'UTF-8').undecodable) other++;
    else utf8++;
  }
  return utf8 >= other ? 'UTF-8' : 'Shift_JIS';
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** One line's bytes (without its line end) as text in `encoding`. */
export function decodeLine(bytes: Uint8Array, encoding: InputEncoding): DecodedLine {
  if (encoding === 'Shift_JIS') {
    // No CP932 character is U+FFFD: every one in the text stands for bytes it could not read.
    const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'cp932');
    return { text, undecodable: text.includes('\uFFFD') };
  }
  try {
    return { text: strictUtf8.decode(bytes), undecodable: false };
  } catch {
    return { text: lenientUtf8.decode(bytes), undecodable: true };
  }
}

/** For tests and tools that need a Shift_JIS file. */
export function encodeShiftJis(text: string): Buffer {
  return iconv.encode(text, 'cp932');
}
