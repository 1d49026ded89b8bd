/** An error the API reports as `{ code, message, errors? }` with `statusCode`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'This item') => new HttpError(404, 'NOT_FOUND', `${what} was not found.`);
