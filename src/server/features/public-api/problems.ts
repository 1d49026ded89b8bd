import { problemSchema } from '../../../domain/public-api.js';

// The problem answers each /api/v1 operation documents: only those it can give, so that a client
// generated from the document handles every answer it gets and meets none it was not told of.

/** What any operation may answer besides its success (auth runs first, then the NUL check on path, query and body). */
export const problems = {
  400: problemSchema.describe('Bad input: `errors` names each field (a NUL character anywhere in the request counts).'),
  401: problemSchema.describe('No key, or an unknown or revoked key.'),
  403: problemSchema.describe("The workspace is not on the Business plan, or the key lacks the method's scope."),
  429: problemSchema.describe('Over the rate limit: see Retry-After.'),
  default: problemSchema.describe(
    'Any other failure, also a problem: 413 (a body over 1 MB), 415 (a body of a type other than application/json), 500 (our fault: retry later).',
  ),
};
/** Operations on one object (an id in the path), or filtered by one page. */
export const objectProblems = {
  ...problems,
  404: problemSchema.describe("No such object in the key's workspace."),
};
const idempotency = {
  409: problemSchema.describe('A request with the same Idempotency-Key is still running.'),
  422: problemSchema.describe('The Idempotency-Key was used with another request.'),
};
/** A POST that creates without naming an object. */
export const postProblems = { ...problems, ...idempotency };
/** A POST on one object, or naming one in its body. */
export const objectPostProblems = { ...objectProblems, ...idempotency };
