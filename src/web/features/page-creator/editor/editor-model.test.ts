import { describe, expect, it } from 'vitest';
import {
  defaultFormConfig,
  formMessages,
  LEAD_MAGNET_MAX_BYTES,
  newField,
  pixelMessages,
  type FormConfig,
} from '@/domain/form-config';
import { newSection, sectionMessages, type SectionOf, type SectionType } from '@/domain/sections';
import { fileMessages } from '@/domain/file-kinds';
import { notAcceptedBytes, sampleFile, storedZip, plainZipEntries } from '@tests/kit/files';
import {
  previewContent,
  checkLeadMagnetFile,
  displayFileName,
  displayFileSize,
  firstErrorTab,
  inspectLeadMagnetFile,
  isUsableDraftConfig,
  pixelError,
  sameConfig,
  tabForErrorKey,
  validateEditor,
} from './editor-model';

const MB = 1024 * 1024;

/** A new section of `type`, as Add section makes it, with `patch`. */
const sectionOf = <T extends SectionType>(type: T, patch: Partial<SectionOf<T>>) =>
  ({ ...newSection(type), ...patch }) as SectionOf<T>;

/** A File of `size` bytes (checkLeadMagnetFile reads only its name and size). */
const fileOf = (size: number, type: string, name = 'guide.pdf') => new File([new Uint8Array(size)], name, { type });

describe('displayFileSize', () => {
  it('shows small files in KB instead of "0.00 MB", and MB with 2 decimals from 1 MB up', () => {
    expect(displayFileSize(240 * 1024)).toBe('240 KB');
    expect(displayFileSize(2048)).toBe('2 KB');
    expect(displayFileSize(100)).toBe('1 KB');
    expect(displayFileSize(1024 * 1024 - 1)).toBe('1023 KB');
    expect(displayFileSize(1024 * 1024)).toBe('1.00 MB');
    expect(displayFileSize(2.5 * 1024 * 1024)).toBe('2.50 MB');
  });

  it('rounds KB to the nearest whole, never shows 0 KB or 1024 KB, and rounds MB to 2 decimals', () => {
    expect(displayFileSize(0)).toBe('1 KB');
    expect(displayFileSize(1535)).toBe('1 KB');
    expect(displayFileSize(1536)).toBe('2 KB');
    expect(displayFileSize(1023.6 * 1024)).toBe('1023 KB');
    expect(displayFileSize(LEAD_MAGNET_MAX_BYTES)).toBe('10.00 MB');
    expect(displayFileSize(1.005 * MB + 6000)).toBe('1.01 MB');
  });
});

describe('displayFileName', () => {
  it('keeps names of up to 30 characters and cuts longer ones at 30, with an ellipsis', () => {
    const thirty = `${'a'.repeat(26)}.pdf`;
    expect(thirty).toHaveLength(30);
    expect(displayFileName(thirty)).toBe(thirty);
    expect(displayFileName(`b${thirty}`)).toBe(`b${thirty.slice(0, 29)}...`);
    expect(displayFileName('the-complete-guide-to-growing-your-audience.pdf')).toBe('the-complete-guide-to-growing-...');
  });
});

describe('checkLeadMagnetFile', () => {
  it('accepts each kind we deliver by its extension, whatever type the browser guessed, up to exactly 10 MB', () => {
    expect(checkLeadMagnetFile(fileOf(2048, 'application/pdf'))).toBeNull();
    // Browsers without Office installed report no type for a .docx; an EPUB often has none either.
    expect(checkLeadMagnetFile(fileOf(2048, '', 'Guide.DOCX'))).toBeNull();
    for (const name of ['a.xlsx', 'a.pptx', 'a.epub', 'a.zip', 'a.jpg', 'a.jpeg', 'a.png', 'a.mp3'])
      expect(checkLeadMagnetFile(fileOf(10, '', name))).toBeNull();
    expect(checkLeadMagnetFile(fileOf(LEAD_MAGNET_MAX_BYTES, 'application/pdf'))).toBeNull();
  });

  it('refuses another kind, a file one byte over 10 MB, or an empty one', () => {
    expect(checkLeadMagnetFile(fileOf(2048, 'text/plain', 'notes.txt'))).toBe(fileMessages.unsupported);
    expect(checkLeadMagnetFile(fileOf(2048, 'image/svg+xml', 'logo.svg'))).toBe(fileMessages.unsupported);
    expect(checkLeadMagnetFile(fileOf(LEAD_MAGNET_MAX_BYTES + 1, 'application/pdf'))).toBe(formMessages.fileTooLarge);
    // The kind is checked first: a big text file is refused for its kind.
    expect(checkLeadMagnetFile(fileOf(LEAD_MAGNET_MAX_BYTES + 1, 'text/plain', 'notes.txt'))).toBe(fileMessages.unsupported);
    expect(checkLeadMagnetFile(fileOf(0, 'application/pdf'))).toBe(fileMessages.empty);
  });
});

describe('inspectLeadMagnetFile', () => {
  const fileFrom = (content: Buffer, name: string) => new File([new Uint8Array(content)], name);

  it('accepts a real file of each kind', async () => {
    for (const kind of ['pdf', 'docx', 'xlsx', 'pptx', 'epub', 'zip', 'jpg', 'png', 'mp3'] as const) {
      const { name, content } = sampleFile(kind);
      expect(await inspectLeadMagnetFile(fileFrom(content, name))).toBeNull();
    }
  });

  it('refuses a renamed file, saying what it is when it can tell', async () => {
    expect(await inspectLeadMagnetFile(fileFrom(storedZip(plainZipEntries()), 'guide.docx'))).toBe(
      'This file is not really a .docx (it is a ZIP archive)',
    );
    expect(await inspectLeadMagnetFile(fileFrom(sampleFile('png').content, 'guide.pdf'))).toBe(
      'This file is not really a .pdf (it is a PNG image)',
    );
    expect(await inspectLeadMagnetFile(fileFrom(notAcceptedBytes.html, 'guide.pdf'))).toBe('This file is not really a .pdf');
    expect(await inspectLeadMagnetFile(fileFrom(notAcceptedBytes.exe, 'setup.exe'))).toBe(fileMessages.unsupported);
  });
});

describe('pixelError', () => {
  it('lets an empty id go and checks a typed one, ignoring the spaces around it', () => {
    expect(pixelError('facebook', '')).toBeUndefined();
    expect(pixelError('google', '   ')).toBeUndefined();
    expect(pixelError('facebook', ' 123456789012345 ')).toBeUndefined();
    expect(pixelError('google', 'G-ABC1234')).toBeUndefined();
    expect(pixelError('google', 'GTM-XYZ9876')).toBeUndefined();
  });

  it('flags an id of the wrong form with the message of its kind', () => {
    expect(pixelError('facebook', '12ab34')).toBe(pixelMessages.facebook);
    expect(pixelError('facebook', '1234')).toBe(pixelMessages.facebook);
    expect(pixelError('google', 'g-abc1234')).toBe(pixelMessages.google);
    expect(pixelError('google', 'UA-1234567')).toBe(pixelMessages.google);
    expect(pixelError('google', '<script>')).toBe(pixelMessages.google);
  });
});

describe('tabForErrorKey and firstErrorTab', () => {
  it('sends each error to the tab holding its input', () => {
    expect(tabForErrorKey('title')).toBe('basic');
    expect(tabForErrorKey('leadMagnet')).toBe('basic');
    expect(tabForErrorKey('leadMagnetName')).toBe('basic');
    expect(tabForErrorKey('fields.3.label')).toBe('fields');
    expect(tabForErrorKey('fields')).toBe('fields');
    expect(tabForErrorKey('doubleOptIn')).toBe('settings');
    expect(tabForErrorKey('privacyPolicy')).toBe('settings');
    expect(tabForErrorKey('thankyouMessage')).toBe('settings');
    expect(tabForErrorKey('payment')).toBe('payment');
    expect(tabForErrorKey('payment.pwywMinimum')).toBe('payment');
    expect(tabForErrorKey('pixelFacebook')).toBe('tracking');
    expect(tabForErrorKey('pixelGoogle')).toBe('tracking');
    expect(tabForErrorKey('customScript')).toBe('tracking');
    // Whatever else the server names shows on the first tab.
    expect(tabForErrorKey('somethingNew')).toBe('basic');
  });

  it('picks the first tab in tab order, not in the order the errors came in', () => {
    expect(firstErrorTab({})).toBeNull();
    expect(firstErrorTab({ pixelGoogle: 'x', 'fields.1.label': 'y' })).toBe('fields');
    expect(firstErrorTab({ customScript: 'x', 'payment.fixedAmount': 'y', privacyPolicyUrl: 'z' })).toBe('settings');
    expect(firstErrorTab({ thankyouMessage: 'x', title: 'y' })).toBe('basic');
    expect(firstErrorTab({ pixelFacebook: 'x' })).toBe('tracking');
  });
});

describe('validateEditor', () => {
  const ready = { ...defaultFormConfig(), title: 'T', businessName: 'B', leadMagnetName: 'L' };

  it('names every missing required input of a blank page', () => {
    expect(validateEditor(defaultFormConfig(), false, 'publish')).toEqual({
      title: formMessages.titleRequired,
      businessName: formMessages.businessNameRequired,
      leadMagnet: formMessages.leadMagnetRequired,
      leadMagnetName: formMessages.leadMagnetNameRequired,
      privacyPolicyUrl: formMessages.privacyPolicyUrlRequired,
    });
    // Only spaces count as missing too.
    expect(validateEditor({ ...ready, title: '   ', businessName: '\t' }, true, 'preview')).toEqual({
      title: formMessages.titleRequired,
      businessName: formMessages.businessNameRequired,
    });
  });

  it('counts a chosen PDF that is not uploaded yet as the lead magnet', () => {
    expect(validateEditor(ready, false, 'preview')).toEqual({ leadMagnet: formMessages.leadMagnetRequired });
    expect(validateEditor(ready, true, 'preview')).toEqual({});
  });

  it('keys a blank field label by the position of its field', () => {
    const fields = [...ready.fields, { ...newField(1), label: 'Company' }, { ...newField(2), label: ' ' }];
    expect(validateEditor({ ...ready, fields }, true, 'preview')).toEqual({ 'fields.2.label': formMessages.fieldLabelRequired });
  });

  it('flags malformed pixel ids for a preview and for publishing', () => {
    const config = { ...ready, privacyPolicy: false, pixelFacebook: 'abc', pixelGoogle: 'G-1' };
    const expected = { pixelFacebook: pixelMessages.facebook, pixelGoogle: pixelMessages.google };
    expect(validateEditor(config, true, 'preview')).toEqual(expected);
    expect(validateEditor(config, true, 'publish')).toEqual(expected);
    expect(validateEditor({ ...config, pixelFacebook: '1234567', pixelGoogle: 'GTM-ABCD' }, true, 'publish')).toEqual({});
  });

  it('lets a preview go without the privacy address, but not publishing; a malformed one stops both', () => {
    expect(validateEditor(ready, true, 'preview')).toEqual({});
    expect(validateEditor(ready, true, 'publish')).toEqual({
      privacyPolicyUrl: "Enter your privacy policy's address (https://…)",
    });
    const bad = { ...ready, privacyPolicyUrl: 'javascript:alert(1)' };
    expect(validateEditor(bad, true, 'preview')).toEqual({
      privacyPolicyUrl: 'Enter a web address that starts with https:// or http://',
    });
    expect(validateEditor({ ...ready, privacyPolicyUrl: 'https://acme.example/privacy' }, true, 'publish')).toEqual({});
    // Without the consent checkbox no address is needed.
    expect(validateEditor({ ...ready, privacyPolicy: false }, true, 'publish')).toEqual({});
    expect(tabForErrorKey('privacyPolicyUrl')).toBe('settings');
  });

  it('flags what the server would refuse in the sections, the page’s and B’s, keyed by place', () => {
    const video = sectionOf('video', { id: 's-v', url: 'https://example.com/clip' });
    const author = sectionOf('author', {
      id: 's-a',
      name: 'Nora',
      links: [
        { label: 'Site', url: 'https://nora.example' },
        { label: 'Bad', url: 'javascript:alert(1)' },
      ],
    });
    const deadline = sectionOf('deadline', { id: 's-d' });
    const config: FormConfig = {
      ...ready,
      sections: [video, author, deadline],
      abTest: { ...ready.abTest, enabled: true, sections: [{ ...video, url: '' }] },
    };
    expect(validateEditor(config, true, 'preview')).toEqual({
      'sections.0.url': sectionMessages.videoUrl,
      'sections.1.links.1.url': sectionMessages.linkUrl,
      'sections.2.endsAt': sectionMessages.endsAtRequired,
      'abTest.sections.0.url': sectionMessages.videoRequired,
    });
    expect(tabForErrorKey('sections.1.links.1.url')).toBe('sections');
    expect(tabForErrorKey('abTest.sections.0.url')).toBe('design');
  });
});

describe('isUsableDraftConfig', () => {
  it("takes a draft of today's shape, half-typed pixel ids and privacy address included", () => {
    expect(isUsableDraftConfig(defaultFormConfig())).toBe(true);
    expect(isUsableDraftConfig({ ...defaultFormConfig(), pixelFacebook: '12a', pixelGoogle: 'G-' })).toBe(true);
    expect(isUsableDraftConfig({ ...defaultFormConfig(), privacyPolicyUrl: 'https://' })).toBe(true);
  });

  it('keeps a draft with a half-typed video or author link, in the page’s sections or B’s', () => {
    const video = sectionOf('video', { url: 'https://youtu' });
    const author = sectionOf('author', { links: [{ label: 'Site', url: 'https://' }] });
    const config = defaultFormConfig();
    expect(isUsableDraftConfig({ ...config, sections: [video, author] })).toBe(true);
    expect(isUsableDraftConfig({ ...config, abTest: { ...config.abTest, sections: [video] } })).toBe(true);
    // A section of another shape is not today's.
    expect(isUsableDraftConfig({ ...config, sections: [{ ...video, type: 'poll' }] })).toBe(false);
  });

  it('drops anything else: older shapes, missing parts, wrong types', () => {
    expect(isUsableDraftConfig(null)).toBe(false);
    expect(isUsableDraftConfig('draft')).toBe(false);
    const { title: _title, ...withoutTitle } = defaultFormConfig();
    expect(isUsableDraftConfig(withoutTitle)).toBe(false);
    expect(isUsableDraftConfig({ ...defaultFormConfig(), fields: [] })).toBe(false);
    expect(isUsableDraftConfig({ ...defaultFormConfig(), payment: { enabled: true } })).toBe(false);
    expect(isUsableDraftConfig({ ...defaultFormConfig(), pixelFacebook: '12a', title: 7 })).toBe(false);
  });
});

describe('sameConfig', () => {
  it('ignores the order of keys, at every depth, but not a changed value', () => {
    const a = defaultFormConfig();
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as typeof a;
    reordered.payment = Object.fromEntries(Object.entries(a.payment).reverse()) as typeof a.payment;
    expect(sameConfig(a, reordered)).toBe(true);
    expect(sameConfig(a, { ...a, payment: { ...a.payment, fixedAmount: a.payment.fixedAmount + 1 } })).toBe(false);
    expect(sameConfig(a, { ...a, fields: [...a.fields, newField(1)] })).toBe(false);
  });

  it('keeps the order of fields: moved fields are a change', () => {
    const a = { ...defaultFormConfig(), fields: [defaultFormConfig().fields[0]!, newField(1)] };
    expect(sameConfig(a, { ...a, fields: [...a.fields].reverse() })).toBe(false);
  });
});

describe('previewContent', () => {
  const complete = {
    ...defaultFormConfig(),
    title: 'The Growth Guide',
    businessName: 'Northwind',
    leadMagnetName: 'The Growth Guide',
    privacyPolicyUrl: 'https://northwind.example/privacy',
  };

  it('shows a complete page, with nothing left to do', () => {
    expect(previewContent(complete, true)).toEqual({ kind: 'page', stillNeeded: [] });
  });

  it('shows a page as filled in so far, listing what publishing still needs', () => {
    const { kind, stillNeeded } = previewContent({ ...complete, businessName: '' }, false) as {
      kind: string;
      stillNeeded: string[];
    };
    expect(kind).toBe('page');
    expect(stillNeeded).toEqual(expect.arrayContaining([formMessages.businessNameRequired, formMessages.leadMagnetRequired]));
    expect(previewContent({ ...defaultFormConfig(), description: 'Only words so far' }, false).kind).toBe('page');
  });

  it('has nothing to show only for a page with no title and no description', () => {
    expect(previewContent(defaultFormConfig(), false)).toEqual({ kind: 'nothing' });
    expect(previewContent({ ...defaultFormConfig(), title: '   ' }, true)).toEqual({ kind: 'nothing' });
  });
});
