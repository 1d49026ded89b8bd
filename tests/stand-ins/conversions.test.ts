import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGa4MpStandIn, type Ga4MpStandIn } from './ga4-mp.js';
import { startMetaCapiStandIn, type MetaCapiStandIn } from './meta-capi.js';
import { startTiktokEventsStandIn, type TiktokEventsStandIn } from './tiktok-events.js';

// The conversions stand-ins refuse what the platforms refuse, so a payload Lodestone gets wrong fails here too.

let meta: MetaCapiStandIn;
let ga4: Ga4MpStandIn;
let tiktok: TiktokEventsStandIn;
beforeAll(async () => {
  [meta, ga4, tiktok] = await Promise.all([startMetaCapiStandIn(), startGa4MpStandIn(), startTiktokEventsStandIn()]);
  meta.addPixel({ pixelId: '111222333', accessToken: 'EAAB-meta-token' });
  ga4.addStream({ measurementId: 'G-STANDIN1', apiSecret: 'ga-secret' });
  tiktok.addPixel({ pixelCode: 'C4STANDIN0001', accessToken: 'tt-token' });
});
afterAll(() => Promise.all([meta.close(), ga4.close(), tiktok.close()]));

const hash = createHash('sha256').update('ada@example.com').digest('hex');
const now = () => Math.floor(Date.now() / 1000);
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const metaEvent = (patch: Record<string, unknown> = {}) => ({
  event_name: 'Lead',
  event_time: now(),
  event_id: 'ev_1',
  action_source: 'website',
  event_source_url: 'https://pages.example/f/x',
  user_data: { em: [hash], client_ip_address: '203.0.113.7', client_user_agent: 'UA' },
  ...patch,
});

describe('the Meta Conversions API stand-in', () => {
  const send = (body: Record<string, unknown>, pixelId = '111222333') =>
    post(`${meta.url}/v21.0/${pixelId}/events`, { access_token: 'EAAB-meta-token', ...body });

  it('takes a valid event, with its test code, and records every one it takes', async () => {
    const res = await send({ data: [metaEvent()], test_event_code: 'TEST1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ events_received: 1, messages: [] });
    await send({ data: [metaEvent()] });
    expect(meta.received.map((r) => [r.event.event_id, r.testEventCode])).toEqual([
      ['ev_1', 'TEST1'],
      ['ev_1', null],
    ]);
  });

  it('refuses a wrong token, another pixel, an unhashed address, an old or future event, a Purchase without a value', async () => {
    const error = async (res: Response) => {
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { code: number; error_user_title?: string } }).error;
    };
    expect(await error(await send({ access_token: 'nope', data: [metaEvent()] }))).toMatchObject({ code: 190 });
    expect(await error(await send({ data: [metaEvent()] }, '999'))).toMatchObject({ code: 100, error_subcode: 33 });
    const unhashed = metaEvent({ user_data: { em: ['ada@example.com'], client_user_agent: 'UA' } });
    expect(await error(await send({ data: [unhashed] }))).toMatchObject({ error_user_title: 'Unhashed user data' });
    const old = metaEvent({ event_time: now() - 8 * 86_400 });
    expect(await error(await send({ data: [old] }))).toMatchObject({ error_user_title: 'Event Timestamp Too Old' });
    expect(await error(await send({ data: [metaEvent({ event_time: now() + 3600 })] }))).toMatchObject({ code: 100 });
    expect(await error(await send({ data: [metaEvent({ event_name: 'Purchase' })] }))).toMatchObject({
      error_user_title: 'Missing value or currency',
    });
  });

  it('answers 500 for the next requests it is told to, and records nothing of them', async () => {
    meta.reset();
    meta.failNext(2);
    expect((await send({ data: [metaEvent()] })).status).toBe(500);
    expect((await send({ data: [metaEvent()] })).status).toBe(500);
    expect((await send({ data: [metaEvent()] })).status).toBe(200);
    expect(meta.received).toHaveLength(1);
  });
});

describe('the GA4 Measurement Protocol stand-in', () => {
  const payload = (patch: Record<string, unknown> = {}) => ({
    client_id: '123.456',
    events: [{ name: 'generate_lead', params: { event_id: 'ev_1' } }],
    user_data: { sha256_email_address: [hash] },
    ...patch,
  });

  it('answers 204 to collect, counting only what GA4 would keep', async () => {
    const collect = (secret: string, body: unknown) =>
      post(`${ga4.url}/mp/collect?measurement_id=G-STANDIN1&api_secret=${secret}`, body);
    expect((await collect('ga-secret', payload())).status).toBe(204);
    expect((await collect('wrong', payload())).status).toBe(204);
    expect((await collect('ga-secret', payload({ client_id: undefined }))).status).toBe(204);
    expect(ga4.received.map((r) => r.counted)).toEqual([true, false, false]);
  });

  it('reports what is wrong at the validation server, and records nothing', async () => {
    ga4.reset();
    const debug = async (body: unknown) =>
      (
        (await (await post(`${ga4.url}/debug/mp/collect?measurement_id=G-STANDIN1&api_secret=x`, body)).json()) as {
          validationMessages: Array<{ fieldPath: string; validationCode: string }>;
        }
      ).validationMessages;
    expect(await debug(payload())).toEqual([]);
    const old = (Date.now() - 4 * 86_400_000) * 1000;
    expect(await debug(payload({ timestamp_micros: old }))).toMatchObject([{ fieldPath: 'timestamp_micros' }]);
    expect(await debug(payload({ user_data: { sha256_email_address: ['ada@example.com'] } }))).toMatchObject([
      { fieldPath: 'user_data.sha256_email_address', validationCode: 'VALUE_INVALID' },
    ]);
    expect(await debug(payload({ events: [{ name: 'purchase', params: { value: 5, currency: 'EUR' } }] }))).toMatchObject([
      { fieldPath: 'events[0].params.transaction_id', validationCode: 'VALUE_REQUIRED' },
    ]);
    expect(await debug(payload({ events: [{ name: 'first_visit' }] }))).toMatchObject([{ validationCode: 'NAME_RESERVED' }]);
    expect(ga4.received).toEqual([]);
  });
});

describe('the TikTok Events API stand-in', () => {
  const event = (patch: Record<string, unknown> = {}) => ({
    event: 'SubmitForm',
    event_time: now(),
    event_id: 'ev_1',
    user: { email: hash, ip: '203.0.113.7', user_agent: 'UA' },
    page: { url: 'https://pages.example/f/x' },
    ...patch,
  });
  const track = async (body: Record<string, unknown>, token = 'tt-token') =>
    (await (
      await post(
        `${tiktok.url}/open_api/v1.3/event/track/`,
        { event_source: 'web', event_source_id: 'C4STANDIN0001', ...body },
        { 'access-token': token },
      )
    ).json()) as { code: number; message: string };

  it('answers code 0 to a valid event and records it with its test code', async () => {
    expect(await track({ data: [event()], test_event_code: 'TEST2' })).toMatchObject({ code: 0, message: 'OK' });
    expect(tiktok.received.at(-1)).toMatchObject({ accountId: 'C4STANDIN0001', testEventCode: 'TEST2' });
  });

  it('refuses, with HTTP 200 and its own codes, a wrong token, another pixel, an unhashed address, an old event', async () => {
    expect((await track({ data: [event()] }, 'nope')).code).toBe(40105);
    expect((await track({ event_source_id: 'C4OTHER000001', data: [event()] })).code).toBe(40001);
    expect((await track({ data: [event({ user: { email: 'ada@example.com' } })] })).code).toBe(40002);
    expect((await track({ data: [event({ event_time: now() - 8 * 86_400 })] })).code).toBe(40002);
    expect((await track({ data: [event({ event: 'CompletePayment' })] })).code).toBe(40002);
  });
});
