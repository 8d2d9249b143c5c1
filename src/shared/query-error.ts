/**
 * An invalid query parameter, raised by the pure search modules. The HTTP edge turns it into
 * a 400 with the Search error resource, naming `param` and echoing `value`.
 */
export class QueryError extends Error {
  constructor(
    readonly param: string,
    readonly value: string,
    message: string,
  ) {
    super(message);
    this.name = 'QueryError';
  }
}
