import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, INTERNAL_ERROR_MESSAGE } from '@/domain/api-errors';
import { PROBLEM_TYPES, type ProblemDetails } from '@/domain/public-api';
import { fieldErrors, HttpError } from '@/server/lib/http-errors';

export type ProblemType = keyof typeof PROBLEM_TYPES;

/** The title of each kind of problem (also the examples of the document, problems.ts). */
export const PROBLEM_TITLES: Record<ProblemType, string> = {
  validation: 'Your request is not valid',
  unauthorized: 'Missing or invalid API key',
  forbidden: 'This key may not do that',
  planLimit: 'Not included in the plan',
  notFound: 'Not found',
  conflict: 'Conflict',
  idempotencyMismatch: 'Idempotency-Key reused with another request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still running',
  rateLimited: 'Too many requests',
  notPublishable: 'The page cannot be published yet',
  badRequest: 'Bad request',
  internal: 'Internal error',
};

/** An error the public API answers as an RFC 9457 problem. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly kind: ProblemType,
    readonly detail: string,
    readonly errors?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }
}

const KIND_OF_CODE: Partial<Record<ErrorCode, ProblemType>> = {
  [ErrorCode.VALIDATION_ERROR]: 'validation',
  [ErrorCode.NOT_PUBLISHABLE]: 'notPublishable',
  [ErrorCode.UNAUTHORIZED]: 'unauthorized',
  [ErrorCode.PLAN_LIMIT]: 'planLimit',
  [ErrorCode.NOT_FOUND]: 'notFound',
  [ErrorCode.RATE_LIMITED]: 'rateLimited',
  [ErrorCode.FORBIDDEN_ORIGIN]: 'forbidden',
  [ErrorCode.FORBIDDEN_ROLE]: 'forbidden',
};

/** The owner API's errors (HttpError, raised by the shared use cases) as problems, keeping status and message. */
function fromHttpError(error: HttpError): ApiProblem {
  const kind = KIND_OF_CODE[error.code] ?? (error.statusCode >= 500 ? 'internal' : 'badRequest');
  return new ApiProblem(error.statusCode, kind, error.message, error.errors);
}

function fromSchemaValidation(error: FastifyError): ApiProblem | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const errors = fieldErrors(
    error.validation.map(({ instancePath, message }) => ({
      path: instancePath.split('/').filter(Boolean),
      message: message ?? 'Invalid input',
    })),
  );
  const [key, message] = Object.entries(errors)[0]!;
  return new ApiProblem(400, 'validation', key === '_' ? message : `${key}: ${message}`, errors);
}

export function problemBody(problem: ApiProblem, appOrigin: string): ProblemDetails {
  const body: ProblemDetails = {
    type: `${appOrigin}/docs/api-reference#errors-${PROBLEM_TYPES[problem.kind]}`,
    title: PROBLEM_TITLES[problem.kind],
    status: problem.status,
    detail: problem.detail,
  };
  return problem.errors ? { ...body, errors: problem.errors } : body;
}

export function sendProblem(reply: FastifyReply, problem: ApiProblem, appOrigin: string) {
  return reply.status(problem.status).type('application/problem+json; charset=utf-8').send(problemBody(problem, appOrigin));
}

/** Every error under /api/v1 as application/problem+json; unexpected ones are logged and hidden. */
export function problemErrorHandler(appOrigin: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known =
      error instanceof ApiProblem ? error : error instanceof HttpError ? fromHttpError(error) : fromSchemaValidation(error);
    if (known) return sendProblem(reply, known, appOrigin);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return sendProblem(reply, new ApiProblem(status, 'internal', INTERNAL_ERROR_MESSAGE), appOrigin);
    }
    return sendProblem(reply, new ApiProblem(status, 'badRequest', error.message), appOrigin);
  };
}
