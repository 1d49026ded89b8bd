import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail, LeadListPage, WorkspaceLeadsFilter } from '@/domain/forms-api';
import { createForm, createUser, workspaceOf } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { leads } from '@/server/db/schema';
import { indexedPart, listWorkspaceLeads, searchPage, searchWayFor } from './list-leads.js';
import {
  chooseSearchWay,
  partsList,
  searchParts,
  WALK_LIMIT,
  type SearchSample,
  type SearchWay,
  type SearchWindows,
} from './search-way.js';

describe('a search’s parts', () => {
  it('are the search (when the index can use it) and its runs of 3 or more letters and digits with what borders them, lower-cased, once each', () => {
    expect(searchParts('Company 4242')).toEqual({ phrase: 'Company 4242', words: ['company ', ' 4242'] });
    expect(searchParts('lead-5016@')).toEqual({ phrase: 'lead-5016@', words: ['lead-', '-5016@'] });
    expect(searchParts('lead-17@')).toEqual({ phrase: 'lead-17@', words: ['lead-', '-17@'] });
    // Two letters or digits after another character: where a word starts (two trigrams); one, or
    // two at the start, give none.
    expect(searchParts('Person 12')).toEqual({ phrase: 'Person 12', words: ['person ', ' 12'] });
    expect(searchParts('12 a 7')).toEqual({ phrase: null, words: [] });
    expect(searchParts('Ünï ab 7')).toEqual({ phrase: 'Ünï ab 7', words: [' ab '] });
    expect(searchParts('Ünïcode')).toEqual({ phrase: 'Ünïcode', words: ['ïcode'] });
    expect(searchParts('abc ABC abc1')).toEqual({ phrase: 'abc ABC abc1', words: ['abc ', ' abc ', ' abc1'] });
  });

  it('never hold a character jsonb escapes: the search document has it escaped', () => {
    expect(indexedPart('said "yes" to them')).toBe(' to them');
    expect(searchParts(indexedPart('said "yes" to them'))).toEqual({ phrase: ' to them', words: [' to ', ' them'] });
    expect(searchParts(indexedPart('"yes"'))).toEqual({ phrase: 'yes', words: ['yes'] });
    expect(indexedPart('a\\b\n')).toBe('a');
  });
});

describe('the way a search takes', () => {
  const parts = searchParts('Company 4242'); // parts: the phrase, 'company ', ' 4242'
  const YEAR = 365 * 86_400_000;
  const sample = (hits: number, partHits: number[], total = 1_000_000): SearchSample => ({
    sampled: 500,
    hits,
    partHits,
    total,
    oldest: Date.parse('2026-01-01T00:00:00Z'),
    newest: Date.parse('2026-01-01T00:00:00Z') + YEAR,
  });

  it('is left to the planner when the leads are few', () => {
    expect(chooseSearchWay(parts, sample(0, [0, 500, 0], 500), 50)).toEqual({ way: 'planner' });
  });

  it('walks the newest leads when many match, and would ask the index for its cheapest part after the limit', () => {
    expect(chooseSearchWay(parts, sample(60, [60, 500, 60]), 50)).toMatchObject({
      way: 'walk',
      then: ' 4242',
      limit: WALK_LIMIT,
    });
  });

  it('asks the index for the rarest word, not for a word every lead has', () => {
    expect(chooseSearchWay(parts, sample(0, [0, 500, 0]), 50)).toEqual({ way: 'index', part: ' 4242' });
    // Both words common, together rare: the whole search.
    const acme = searchParts('acme corp');
    expect(chooseSearchWay(acme, sample(0, [0, 200, 300]), 50)).toEqual({ way: 'index', part: 'acme corp' });
  });

  it('reads a few matches in the sample pessimistically: a walk may find fewer and read on', () => {
    // 2 in 500 might be 1 in 1,000 or fewer: 51 matches could take a walk of 50,000 leads or more.
    expect(chooseSearchWay(parts, sample(2, [2, 500, 2]), 50)).toEqual({ way: 'index', part: ' 4242' });
  });

  it('asks the index window by window of time for a part many leads have, when a page needs only the newest', () => {
    // "Person 12" in the bench: 1% of the leads, " 12" in 3% of them, "person " in all.
    const person = searchParts('Person 12');
    const way = chooseSearchWay(person, sample(5, [5, 500, 16]), 50);
    expect(way).toMatchObject({
      way: 'index',
      part: ' 12',
      windows: { newest: sample(0, []).newest, oldest: sample(0, []).oldest },
    });
    // The first window holds about 2,000 of the part's 32,000 rows: 1/16 of the year.
    const { width } = (way as { windows: SearchWindows }).windows;
    expect(width / YEAR).toBeCloseTo(1 / 16, 3);
    // No match in the sample: the page may need every window; the index is asked at once.
    expect(chooseSearchWay(person, sample(0, [3, 500, 16]), 50)).not.toHaveProperty('windows');
    // A rare part is asked of the index at once; with the leads' times unknown, too.
    expect(chooseSearchWay(parts, sample(0, [0, 500, 0]), 50)).toEqual({ way: 'index', part: ' 4242' });
    expect(chooseSearchWay(person, { ...sample(5, [5, 500, 16]), oldest: null, newest: null }, 50)).toMatchObject({
      way: 'walk',
      then: 'Person 12',
    });
  });

  it('walks without the index when the search has nothing the index can use, and asks the planner when nothing matched', () => {
    const short = searchParts('a 7');
    expect(chooseSearchWay(short, sample(30, []), 50)).toEqual({ way: 'walk', then: null, limit: WALK_LIMIT });
    expect(chooseSearchWay(short, sample(0, []), 50)).toEqual({ way: 'planner' });
  });
});

describe('every way of a search', () => {
  let t: TestApp;
  let workspaceId: string;
  let pages: FormDetail[];
  /** The leads of another workspace, the same addresses and answers a second later. */
  const theirs = new Set<string>();
  const base = Date.parse('2026-03-01T00:00:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    const [owner, stranger] = [await createUser(t.app), await createUser(t.app)];
    workspaceId = await workspaceOf(t.db, owner);
    pages = [
      await createForm(t.app, owner, { title: 'One', publish: true }),
      await createForm(t.app, owner, { title: 'Two', publish: true }),
    ];
    const strangerPage = await createForm(t.app, stranger, { title: 'Theirs', publish: true });
    const strangerWorkspace = await workspaceOf(t.db, stranger);
    const seed = (i: number, own: boolean) => ({
      formId: own ? pages[i % 2]!.id : strangerPage.id,
      workspaceId: own ? workspaceId : strangerWorkspace,
      email: `lead-${i}@example.com`,
      data: {
        f_company: `Company ${i % 40}`,
        f_note: i % 97 === 0 ? 'rare 100% match' : i % 89 === 0 ? 'she said "yes" \\ then\nleft' : 'plain',
      },
      status: i % 3 === 0 ? ('pending' as const) : ('verified' as const),
      utmSource: i % 5 === 0 ? 'linkedin' : null,
      createdAt: new Date(base + Math.floor(i / 3) * 60_000 + (own ? 0 : 1000)), // threes share a minute
    });
    await t.db.insert(leads).values(Array.from({ length: 1200 }, (_, i) => seed(i, true)));
    const inserted = await t.db
      .insert(leads)
      .values(Array.from({ length: 1200 }, (_, i) => seed(i, false)))
      .returning({ id: leads.id });
    for (const { id } of inserted) theirs.add(id);
  });
  afterAll(() => t.close());

  /** Every page of the search taken `way`, following the cursors. */
  async function allPages(filter: WorkspaceLeadsFilter, way: SearchWay, size = 50) {
    const ids: string[][] = [];
    let cursor: string | undefined;
    do {
      const page: LeadListPage = await searchPage(t.db, workspaceId, { ...filter, cursor }, way, size);
      ids.push(page.items.map((l) => l.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && ids.length < 100);
    return ids;
  }

  it('gives the same pages, cursor after cursor, with every filter, and never another workspace’s leads', async () => {
    const filters: WorkspaceLeadsFilter[] = [
      { q: 'Company 3' }, // 3, 30–39: 11 of 40
      { q: 'company 17' },
      { q: 'lead-1117@example.com' },
      { q: 'rare 100%' },
      // Escaped in the search document: asked of the index by a run without them, or not at all.
      { q: 'said "yes"' },
      { q: '"yes" \\ then\nle' },
      { q: '\\ then' },
      { q: 'ead-11' },
      { q: '7' },
      { q: 'nobody at all' },
      { q: 'Company 3', form: pages[1]!.id, status: 'confirmed' },
      { q: 'example.com', utmSource: 'linkedin', from: '2026-03-01', to: '2026-03-01' },
    ];
    let compared = 0;
    for (const filter of filters) {
      const expected = await allPages(filter, { way: 'planner' });
      // The planner's pages are the reference; with a quote, a backslash or a line break they are
      // also counted here, as the index could not be asked for the whole text.
      if (/"|\\/.test(filter.q!)) expect(expected.flat(), filter.q).toHaveLength(13); // i % 89 === 0, but 0
      const parts = partsList(searchParts(indexedPart(filter.q!)));
      // Windows of 5 minutes and then wider (the leads span 400 minutes, three a minute); an oldest
      // lead said to be newer than it is, or a newest older, changes which window reads a lead, not
      // the pages.
      const minute = 60_000;
      const windows: SearchWindows[] = [
        { width: 5 * minute, newest: base + 400 * minute, oldest: base },
        { width: 1000, newest: base + 200 * minute, oldest: base + 100 * minute },
      ];
      const ways: SearchWay[] = [
        { way: 'walk', then: null, limit: WALK_LIMIT },
        ...parts.flatMap((part): SearchWay[] => [
          { way: 'index', part },
          { way: 'walk', then: part, limit: 100 }, // the index takes over after 100 leads
          ...windows.map((w): SearchWay => ({ way: 'index', part, windows: w })),
          { way: 'walk', then: part, limit: 100, windows: windows[0] },
        ]),
      ];
      for (const way of ways) {
        const found = await allPages(filter, way);
        expect(found, `${JSON.stringify(filter)} ${JSON.stringify(way)}`).toEqual(expected);
        expect(
          found.flat().filter((id) => theirs.has(id)),
          'another workspace’s leads',
        ).toEqual([]);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 120_000); // about 130 ways, each page after page

  it('is chosen from a sample of the workspace’s leads, and lists what the plain query lists', async () => {
    const many = await searchWayFor(t.db, workspaceId, { q: 'example.com' }, 50);
    expect(many.sample).toMatchObject({ sampled: 500, hits: 500, total: 1200, oldest: base, newest: base + 399 * 60_000 });
    expect(many.way).toMatchObject({ way: 'walk' });
    const rare = await searchWayFor(t.db, workspaceId, { q: 'rare 100%' }, 50);
    expect(rare.way).toEqual({ way: 'index', part: 'rare ' });
    const onePage = await searchWayFor(t.db, workspaceId, { q: 'Company 3', form: pages[0]!.id }, 50);
    expect(onePage.sample.total).toBe(600);
    for (const q of ['rare 100%', 'Company 3', 'lead-42@example.com', 'said "yes"']) {
      const listed = await listWorkspaceLeads(t.db, workspaceId, { q });
      const planned = await searchPage(t.db, workspaceId, { q }, { way: 'planner' });
      expect(
        listed.items.map((l) => l.id),
        q,
      ).toEqual(planned.items.map((l) => l.id));
      expect(listed.items.length, q).toBeGreaterThan(0);
    }
  });
});
