import { problemSchema } from '../../../domain/public-api.js';

/** The problem answers every /api/v1 operation documents. */
export const problems = {
  400: problemSchema.describe('Bad input: `errors` names each field.'),
  401: problemSchema.describe('No key, an unknown or revoked key, or a key whose creator is no longer a member.'),
  403: problemSchema.describe(
    "The workspace is not on the Business plan, the key lacks the method's scope, or its creator's current role does not allow this.",
  ),
  404: problemSchema.describe("No such object in the key's workspace."),
  429: problemSchema.describe('Over the rate limit: see Retry-After.'),
};
export const postProblems = {
  ...problems,
  409: problemSchema.describe('A request with the same Idempotency-Key is still running.'),
  422: problemSchema.describe('The Idempotency-Key was used with another request.'),
};
