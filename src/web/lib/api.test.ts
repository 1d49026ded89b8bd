import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientErrorCode, ErrorCode } from '@/domain/api-errors';
import { ApiError, apiFetch } from './api';

afterEach(() => vi.unstubAllGlobals());

const answer = (response: Response | Error) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response))),
  );

const failure = async (path = '/api/forms') => {
  const error = await apiFetch(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('apiFetch', () => {
  it("throws the API's own code, message and field errors", async () => {
    const body = { code: ErrorCode.VALIDATION_ERROR, message: 'title: Too long', errors: { title: 'Too long' } };
    answer(new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } }));
    const error = await failure();
    expect([error.status, error.code, error.message, error.errors]).toEqual([
      400,
      'VALIDATION_ERROR',
      'title: Too long',
      { title: 'Too long' },
    ]);
  });

  it('calls an answer without an error body of ours UNEXPECTED_RESPONSE, whatever it says', async () => {
    answer(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await failure()).code).toBe(ClientErrorCode.UNEXPECTED_RESPONSE);
    answer(new Response(JSON.stringify({ code: 'SOMETHING_ELSE', message: 'x' }), { status: 500 }));
    expect((await failure()).code).toBe(ClientErrorCode.UNEXPECTED_RESPONSE);
  });

  it('calls a request that got no answer NETWORK', async () => {
    answer(new TypeError('Failed to fetch'));
    const error = await failure();
    expect([error.status, error.code]).toEqual([0, ClientErrorCode.NETWORK]);
  });

  it('returns the body of a success, and nothing for 204', async () => {
    answer(new Response(JSON.stringify({ id: 'f1' }), { status: 200 }));
    await expect(apiFetch('/api/forms/f1')).resolves.toEqual({ id: 'f1' });
    answer(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/forms/f1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
