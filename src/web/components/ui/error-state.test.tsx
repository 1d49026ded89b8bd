import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClientErrorCode, ErrorCode, SERVICE_UNAVAILABLE_MESSAGE } from '@/domain/api-errors';
import { ApiError } from '@/web/lib/api';
import { MemoryRouter } from '@/web/lib/router';
import { ErrorState } from './error-state';

const text = (error: unknown) =>
  renderToStaticMarkup(
    <MemoryRouter initialPath="/dashboard/leads">
      <ErrorState title="Could not load your leads" error={error} onRetry={() => {}} />
    </MemoryRouter>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a failed screen while Lodestone is unavailable', () => {
  it('says Lodestone is temporarily unavailable and the work is safe, with Try again, instead of what failed to load', () => {
    for (const error of [
      new ApiError(503, ErrorCode.SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE),
      // A proxy's bare 503 while the server itself restarts.
      new ApiError(503, ClientErrorCode.UNEXPECTED_RESPONSE, 'Something went wrong. Please try again.'),
    ]) {
      const shown = text(error);
      expect(shown).toContain('Lodestone is temporarily unavailable');
      expect(shown).toContain('Your work is safe. Please try again in a moment.');
      expect(shown).toContain('Try again');
      expect(shown).not.toMatch(/Could not load|Something went wrong/);
    }
  });

  it('leaves any other failure as it was: what failed, and why', () => {
    const shown = text(new ApiError(500, ErrorCode.INTERNAL_ERROR, 'Something went wrong on our side. Please try again.'));
    expect(shown).toContain('Could not load your leads');
    expect(shown).toContain('Something went wrong on our side.');
    expect(shown).not.toContain('temporarily unavailable');
  });
});
