import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { DomainSender } from '@/server/lib/mailer';
import { sharedLookups } from './send-email.task.js';

describe('sending domains looked up for emails that start together', () => {
  it('asks once per workspace for the calls that wait together, each answered by a lookup begun after its call', async () => {
    const asked: string[] = [];
    let lookups = 0;
    const lookup = async (workspaceId: string): Promise<DomainSender | null> => {
      lookups += 1;
      const number = lookups;
      asked.push(workspaceId);
      await sleep(20);
      return workspaceId === 'none' ? null : { address: `${workspaceId}-${number}@example.com`, dkim: undefined as never };
    };
    const shared = sharedLookups(lookup);
    const first = shared('a');
    const calledAt = lookups; // the lookup under way when the others were made
    const rest = ['a', 'b', 'a', 'none', 'b', 'a'].map((id) => shared(id));
    const answers = await Promise.all([first, ...rest]);

    // The first alone, then the six that waited: three workspaces, three lookups (not six).
    expect(asked).toEqual(['a', 'a', 'b', 'none']);
    expect(answers.map((a) => a?.address.split('-')[0] ?? null)).toEqual(['a', 'a', 'b', 'a', null, 'b', 'a']);
    // No call made while a lookup was under way gets that lookup's answer.
    for (const answer of answers.slice(1))
      if (answer) expect(Number(/-(\d+)@/.exec(answer.address)![1])).toBeGreaterThan(calledAt);
  });

  it('gives each call its own failure, and asks again for the next', async () => {
    let fail = true;
    const shared = sharedLookups(async (id) => {
      if (fail && id === 'bad') throw new Error('the database went away');
      return null;
    });
    const outcomes = await Promise.allSettled([shared('good'), shared('bad'), shared('good')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    fail = false;
    await expect(shared('bad')).resolves.toBeNull();
  });
});
