import { problemSchema } from '../../../domain/public-api.js';

/** The problem answers every /api/v1 operation documents. */
export const problems = {
  400: problemSchema.describe('Bad input: `errors` names each field.'),
  401: problemSchema.describe('No key, or an unknown or revoked key.'),
  403: problemSchema.describe("The workspace is not on the Business plan, or the key lacks the method's scope."),
  404: problemSchema.describe("No such object in the key's workspace."),
  429: problemSchema.describe('Over the rate limit: see Retry-After.'),
};
export const postProblems = {
  ...problems,
  409: problemSchema.describe('A request with the same Idempotency-Key is still running.'),
  422: problemSchema.describe('The Idempotency-Key was used with another request.'),
};
