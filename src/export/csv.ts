/** RFC 4180 CSV: CRLF line ends; a field with a comma, quote, CR or LF is quoted, quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + '\r\n';
}
