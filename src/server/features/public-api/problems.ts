import { PROBLEM_TYPES, problemSchema } from '@/domain/public-api';
import { PROBLEM_TITLES, type ProblemType } from './problem.js';

// The problem answers each /api/v1 operation documents: only those it can give, so that a client
// generated from the document handles every answer it gets and meets none it was not told of. Each
// carries an example of its own status, as the server writes it.

const answer = (status: number, kind: ProblemType, detail: string, description: string) =>
  problemSchema.meta({
    description,
    examples: [
      {
        type: `https://app.example.com/docs/api-reference#errors-${PROBLEM_TYPES[kind]}`,
        title: PROBLEM_TITLES[kind],
        status,
        detail,
        ...(status === 400 ? { errors: { limit: 'Too big: expected number to be <=100' } } : {}),
      },
    ],
  });

/** What any operation may answer besides its success (auth runs first, then the NUL check on path, query and body). */
export const problems = {
  400: answer(
    400,
    'validation',
    'limit: Too big: expected number to be <=100',
    'Bad input: `errors` names each field (a NUL character anywhere in the request counts).',
  ),
  401: answer(
    401,
    'unauthorized',
    'This API key is not valid: it is unknown or was revoked.',
    'No key, an unknown or revoked key, or a key whose creator is no longer a member.',
  ),
  403: answer(
    403,
    'forbidden',
    "This API key lacks the 'write' scope that POST requests need.",
    "The workspace is not on the Business plan, the key lacks the method's scope, or its creator's current role does not allow this.",
  ),
  429: answer(
    429,
    'rateLimited',
    'This key made more than 600 requests in 60 seconds. Try again in 12 seconds.',
    'Over the rate limit: see Retry-After.',
  ),
  default: answer(
    413,
    'badRequest',
    'Request body is too large',
    'Any other failure, also a problem: 413 (a body over 1 MB), 415 (a body of a type other than application/json), 500 (our fault: retry later).',
  ),
};
/** Operations on one object (an id in the path), or filtered by one page. */
export const objectProblems = {
  ...problems,
  404: answer(404, 'notFound', 'This form was not found.', "No such object in the key's workspace."),
};
const idempotency = {
  409: answer(
    409,
    'idempotencyInProgress',
    'A request with this Idempotency-Key is still running. Retry it in a moment.',
    'A request with the same Idempotency-Key is still running.',
  ),
  422: answer(
    422,
    'idempotencyMismatch',
    'This Idempotency-Key was already used with another request (method, path or body). Use a new key for a new request.',
    'The Idempotency-Key was used with another request.',
  ),
};
/** A POST that creates without naming an object. */
export const postProblems = { ...problems, ...idempotency };
/** A POST on one object, or naming one in its body. */
export const objectPostProblems = { ...objectProblems, ...idempotency };
