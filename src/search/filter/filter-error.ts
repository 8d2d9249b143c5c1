/** An invalid filter expression; `position` is the 1-based character where it went wrong. */
export class FilterError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'FilterError';
  }
}
