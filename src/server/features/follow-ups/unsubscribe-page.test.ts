import { describe, expect, it } from 'vitest';
import { renderUnsubscribePage } from './unsubscribe-page.js';

/** The page's visible text, tags removed and entities read. */
const textOf = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\u2068\u2069]/g, '') // the isolates around a filled-in name
    .replace(/\s+/g, ' ');

describe('the unsubscribe page', () => {
  it('asks first, with a form that posts to the link without any script', () => {
    const html = renderUnsubscribePage({ language: 'en', businessName: 'Acme & Co', state: 'ask', action: '/u/abc?x=1' });
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(textOf(html)).toContain('Stop all follow-up emails from Acme & Co to this address?');
    const form = /<form([^>]*)>([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[1]).toContain('method="post"');
    expect(form?.[1]).toContain('action="/u/abc?x=1"');
    expect(form?.[2]).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/);
    expect(html).not.toMatch(/<script/);
  });

  it('says it is done, and that the download stays', () => {
    const html = renderUnsubscribePage({ language: 'en', businessName: 'Acme', state: 'done' });
    expect(textOf(html)).toContain('You are unsubscribed');
    expect(textOf(html)).toContain('Acme will send you no more follow-up emails. Your download stays available.');
    expect(html).not.toContain('<form');
  });

  it('says when the link does not work, and how else to be removed', () => {
    const html = renderUnsubscribePage({ language: 'en', businessName: 'Acme', state: 'invalid' });
    expect(textOf(html)).toContain('This link does not work');
    expect(textOf(html)).toContain('reply to the email to ask to be removed');
    expect(html).not.toContain('<form');
  });

  it('speaks the page’s language, right to left for Arabic', () => {
    const ask = renderUnsubscribePage({ language: 'ar', businessName: 'أكمي', state: 'ask', action: '/u/abc' });
    expect(ask).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(textOf(ask)).toContain('هل تريد إيقاف جميع رسائل المتابعة من أكمي إلى هذا العنوان؟');
    expect(ask).toMatch(/<button[^>]*>إلغاء الاشتراك<\/button>/);
    expect(textOf(renderUnsubscribePage({ language: 'ar', businessName: 'أكمي', state: 'done' }))).toContain('تم إلغاء اشتراكك');
    expect(textOf(renderUnsubscribePage({ language: 'ar', businessName: 'أكمي', state: 'invalid' }))).toContain(
      'هذا الرابط لا يعمل',
    );
  });

  it('speaks German with the business named', () => {
    const html = renderUnsubscribePage({ language: 'de', businessName: 'Acme', state: 'done' });
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(textOf(html)).toContain('Acme schickt Ihnen keine weiteren Folge-E-Mails.');
  });
});
