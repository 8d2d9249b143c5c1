/**
 * The console's one file upload (the Data page's payee check, docs/console.md#data): a
 * multipart/form-data body, bounded by UPLOAD_BODY_LIMIT_BYTES and read whole, as a record of
 * its text fields (`_csrf`) and files. Enough of RFC 7578 for what browsers send: a boundary,
 * parts with a Content-Disposition naming the field (and a filename for a file). A body it cannot
 * read is a 400. Registered inside the console plugin only.
 */
import type { FastifyInstance } from 'fastify';

/** A payee file of about 20,000 rows; larger files are for `ginko accounts validate`. */
export const UPLOAD_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface UploadedFile {
  readonly filename: string;
  readonly content: Buffer;
}

export type MultipartBody = Readonly<Record<string, string | UploadedFile>>;

const badBody = (message: string) => Object.assign(new Error(`the upload cannot be read: ${message}`), { statusCode: 400 });

/** The boundary of a multipart/form-data Content-Type. */
function boundaryOf(contentType: string): string {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw badBody('no boundary in its Content-Type');
  return boundary;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

export function parseMultipart(body: Buffer, contentType: string): MultipartBody {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const out: Record<string, string | UploadedFile> = {};
  let at = body.indexOf(delimiter);
  if (at < 0) throw badBody('no part');
  for (;;) {
    at += delimiter.length;
    // The closing delimiter ends in "--".
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return out;
    if (!body.subarray(at, at + 2).equals(CRLF)) throw badBody('a part does not start on its own line');
    const headersEnd = body.indexOf(HEADERS_END, at);
    if (headersEnd < 0) throw badBody('a part has no end of headers');
    const headers = body.subarray(at + 2, headersEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headersEnd);
    if (next < 0) throw badBody('the body ends inside a part');
    const content = body.subarray(headersEnd + 4, next);
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) out[name] = filename === undefined ? content.toString('utf8') : { filename, content };
    at = next + 2;
  }
}

export function installMultipartParser(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT_BYTES }, (request, body, done) => {
    try {
      done(null, parseMultipart(body as Buffer, request.headers['content-type'] ?? ''));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
