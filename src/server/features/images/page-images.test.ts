import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, type FormConfig, type ImageRef } from '@/domain/form-config';
import { formMessages } from '@/domain/form-messages';
import type { Section } from '@/domain/sections';
import { imageBytes, postImage } from '@tests/kit/images';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

// A page shows only its own workspace's uploads, at their uploaded size: another tenant's image id,
// an unknown one or a made-up size is refused on save, naming the place, and nothing changes.

let t: TestApp;
let owner: SignedUpUser;
let stranger: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
});
afterAll(() => t.close());

async function upload(user: SignedUpUser): Promise<ImageRef> {
  const res = await postImage(t.app, user, await imageBytes('png', 640, 320));
  expect(res.statusCode).toBe(201);
  return res.json<ImageRef>();
}

const save = (user: SignedUpUser, id: string, config: FormConfig) =>
  t.app.inject({ method: 'PUT', url: `/api/forms/${id}`, headers: { host: APP_HOST, cookie: user.cookie }, payload: { config } });

describe("a page's images", () => {
  it("are the workspace's own uploads at their own size, or the save is refused naming where", async () => {
    const form = await createForm(t.app, owner);
    const mine = await upload(owner);
    const theirs = await upload(stranger);
    const withDesign = (design: Partial<FormConfig['design']>, abDesign: Partial<FormConfig['design']> = {}): FormConfig => ({
      ...form.draft,
      design: { ...DEFAULT_DESIGN, ...design },
      abTest: { ...form.draft.abTest, designChanges: abDesign },
    });
    // B's design as stored before decision 0061: all of it.
    const withOldVariantDesign = (abDesign: Partial<FormConfig['design']>): FormConfig => ({
      ...form.draft,
      abTest: { ...form.draft.abTest, designChanges: undefined, design: { ...DEFAULT_DESIGN, ...abDesign } },
    });

    const ok = await save(owner, form.id, withDesign({ logo: mine, cover: mine }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().draft.design.logo).toEqual(mine);

    const refusals: [string, FormConfig][] = [
      ['design.logo', withDesign({ logo: theirs })],
      ['design.cover', withDesign({ cover: { ...mine, id: '00000000-0000-4000-8000-000000000000' } })],
      ['design.cover', withDesign({ cover: { ...mine, height: 1 } })],
      ['abTest.designChanges.logo', withDesign({}, { logo: theirs })],
      ['abTest.designChanges.cover', withOldVariantDesign({ cover: theirs })],
    ];
    for (const [key, config] of refusals) {
      const res = await save(owner, form.id, config);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().errors, key).toEqual({ [key]: formMessages.imageMissing });
    }
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}`,
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(stored.json().draft.design).toMatchObject({ logo: mine, cover: mine });
  });

  it('in sections, the page’s and variant B’s own, follow the same rules, and a refusal names the section and the item', async () => {
    const form = await createForm(t.app, owner);
    const mine = await upload(owner);
    const theirs = await upload(stranger);
    const sections = (photo: ImageRef, authorPhoto: ImageRef, logo: ImageRef): Section[] => [
      { id: 's-1', hidden: false, type: 'benefits', heading: 'Inside', items: [{ icon: 'book', text: 'Forty recipes' }] },
      {
        id: 's-2',
        hidden: false,
        type: 'testimonials',
        heading: 'Readers',
        items: [
          { quote: 'Good', name: 'Ada', role: '', photo: null },
          { quote: 'Great', name: 'Bo', role: 'Chef', photo },
        ],
      },
      { id: 's-3', hidden: true, type: 'author', heading: 'Me', name: 'Cy', bio: '', photo: authorPhoto, links: [] },
      {
        id: 's-4',
        hidden: false,
        type: 'logos',
        heading: 'Seen in',
        items: [
          { image: mine, alt: 'A' },
          { image: logo, alt: 'B' },
        ],
      },
    ];
    const withSections = (page: Section[], b?: Section[]): FormConfig => ({
      ...form.draft,
      sections: page,
      abTest: { ...form.draft.abTest, ...(b ? { sections: b } : {}) },
    });
    const good = sections(mine, mine, mine);

    const ok = await save(owner, form.id, withSections(good, good));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().draft.sections[1].items[1].photo).toEqual(mine);
    expect(ok.json().draft.abTest.sections[3].items[1].image).toEqual(mine);

    const unknown = { ...mine, id: '00000000-0000-4000-8000-000000000000' };
    const refusals: [string, FormConfig][] = [
      ['sections.1.items.1.photo', withSections(sections(theirs, mine, mine))],
      // A hidden section is still the page's: it may be shown again.
      ['sections.2.photo', withSections(sections(mine, { ...mine, width: 1 }, mine))],
      ['sections.3.items.1.image', withSections(sections(mine, mine, unknown))],
      ['abTest.sections.1.items.1.photo', withSections(good, sections(theirs, mine, mine))],
      ['abTest.sections.3.items.1.image', withSections(good, sections(mine, mine, theirs))],
    ];
    for (const [key, config] of refusals) {
      const res = await save(owner, form.id, config);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().errors, key).toEqual({ [key]: formMessages.imageMissing });
    }
  });
});
