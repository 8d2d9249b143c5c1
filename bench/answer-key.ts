/**
 * How the bare server finds the bytes Ginko answered a request with: the path without the
 * bench's unique `_` parameter (load.ts), and for a POST its body too.
 */
export function answerKey(method: string, path: string, body?: string): string {
  const bare = path.replace(/[?&]_=\d+$/, '');
  return method === 'POST' ? `${bare}\n${body ?? ''}` : bare;
}
