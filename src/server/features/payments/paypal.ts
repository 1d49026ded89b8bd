import type { AxiosAdapter } from 'axios';
import type { ApiError, OAuthToken, Order } from '@paypal/paypal-server-sdk';
import type { Language } from '@/domain/i18n/languages';
import type { PaypalMode } from '@/domain/payments';
import { decimalAmount, type Currency } from '@/domain/money';

export interface PaypalCredentials {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  mode: PaypalMode;
}

const PAYPAL_API = { live: 'https://api-m.paypal.com', sandbox: 'https://api-m.sandbox.paypal.com' } as const;

/**
 * The locale of PayPal's pages for each page language: BCP 47 with a region PayPal offers that
 * language in. English pages send none, as they always have: PayPal goes by the buyer's country.
 */
const CHECKOUT_LOCALES: Record<Language, string | undefined> = {
  en: undefined,
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  'pt-BR': 'pt-BR',
  nl: 'nl-NL',
  pl: 'pl-PL',
  sv: 'sv-SE',
  ja: 'ja-JP',
  'zh-CN': 'zh-CN',
  ms: 'ms-MY',
  ar: 'ar-EG',
};

/**
 * The official PayPal server SDK for one account. The SDK only knows PayPal's two hosts; when
 * PAYPAL_API_URL is set (tests point it at a stand-in) an axios adapter sends its requests there
 * instead, unchanged otherwise, so the SDK's own request shapes are what the stand-in sees.
 */
export function paypalApi(credentials: PaypalCredentials, apiUrl: URL | undefined): PaypalApi {
  // One client per account, so its OAuth token (valid for hours) serves every request, not one each.
  const key = JSON.stringify([apiUrl?.origin ?? null, credentials]);
  let api = clients.get(key);
  if (!api) {
    api = createPaypalApi(credentials, apiUrl);
    clients.set(key, api);
    if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value!);
  }
  return api;
}

const MAX_CLIENTS = 500;
const clients = new Map<string, PaypalApi>();

/**
 * The SDK, and axios under it, are loaded on first use: a third of a second of every start-up
 * otherwise, on servers whose owners may never connect PayPal (docs/decisions/0056).
 */
let sdk: ReturnType<typeof importSdk> | undefined;
const importSdk = () => Promise.all([import('@paypal/paypal-server-sdk'), import('axios')]);
const loadSdk = () => (sdk ??= importSdk());

function createPaypalApi(credentials: PaypalCredentials, apiUrl: URL | undefined) {
  const base = apiUrl ? apiUrl.origin : PAYPAL_API[credentials.mode];
  const connect = async () => {
    const [paypal, { default: axios }] = await loadSdk();
    const httpAdapter = axios.getAdapter('http');
    const redirect: AxiosAdapter = (config) => {
      const url = new URL(config.url!);
      return httpAdapter({ ...config, url: `${base}${url.pathname}${url.search}` });
    };
    const client = new paypal.Client({
      clientCredentialsAuthCredentials: { oAuthClientId: credentials.clientId, oAuthClientSecret: credentials.clientSecret },
      environment: credentials.mode === 'live' ? paypal.Environment.Production : paypal.Environment.Sandbox,
      timeout: 15_000,
      ...(apiUrl ? { unstable_httpClientOptions: { adapter: redirect } } : {}),
    });
    return { paypal, client, orders: new paypal.OrdersController(client) };
  };
  let connected: ReturnType<typeof connect> | undefined;
  const sdkClient = () => (connected ??= connect());

  let token: OAuthToken | undefined;
  async function accessToken(): Promise<string> {
    const { client } = await sdkClient();
    token = await client.clientCredentialsAuthManager.updateToken(token);
    return token.accessToken;
  }

  /** The REST calls the SDK does not cover (webhooks), with the SDK's own OAuth token. */
  async function rest(method: 'GET' | 'POST', path: string, body?: string) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
  }

  return {
    rest,
    async createOrder(request: {
      paymentId: string;
      amount: number;
      currency: Currency;
      description: string;
      brandName: string;
      returnUrl: string;
      cancelUrl: string;
      /** A merchant onboarded through the partner platform: the order is theirs, the money goes to them. */
      payeeMerchantId?: string;
      /** The platform's BN code (PayPal-Partner-Attribution-Id). */
      attributionId?: string;
      /** The page's language: PayPal's pages speak it too. */
      language: Language;
    }): Promise<{ checkoutId: string; url: string }> {
      const { paypal, orders } = await sdkClient();
      const { result } = await orders.createOrder({
        paypalRequestId: `order-${request.paymentId}`,
        ...(request.attributionId ? { paypalPartnerAttributionId: request.attributionId } : {}),
        body: {
          intent: paypal.CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: request.paymentId,
              customId: request.paymentId,
              description: request.description.slice(0, 127),
              amount: { currencyCode: request.currency, value: decimalAmount(request.amount, request.currency) },
              ...(request.payeeMerchantId ? { payee: { merchantId: request.payeeMerchantId } } : {}),
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                brandName: request.brandName.slice(0, 127) || undefined,
                locale: CHECKOUT_LOCALES[request.language],
                userAction: paypal.PaypalExperienceUserAction.PayNow,
                shippingPreference: paypal.PaypalWalletContextShippingPreference.NoShipping,
                returnUrl: request.returnUrl,
                cancelUrl: request.cancelUrl,
              },
            },
          },
        },
      });
      const approve = result.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!result.id || !approve) throw new Error('PayPal returned an order without an approval link');
      return { checkoutId: result.id, url: approve.href };
    },

    /**
     * Captures an approved order. Returns the order as PayPal has it afterwards: an order captured
     * before (a reload of the return page) is read back instead of failing.
     */
    async captureOrder(
      orderId: string,
      paymentId: string,
    ): Promise<{ order: Order } | { declined: true } | { notApproved: true }> {
      const { paypal, orders } = await sdkClient();
      try {
        const { result } = await orders.captureOrder({
          id: orderId,
          paypalRequestId: `capture-${paymentId}`,
          prefer: 'return=representation',
        });
        return { order: result };
      } catch (error) {
        const issue = error instanceof paypal.ApiError ? paypalIssue(error) : undefined;
        if (issue === 'ORDER_ALREADY_CAPTURED') return { order: (await orders.getOrder({ id: orderId })).result };
        if (issue === 'INSTRUMENT_DECLINED') return { declined: true };
        if (issue === 'ORDER_NOT_APPROVED') return { notApproved: true };
        throw error;
      }
    },

    /** Checks the client id and secret (by getting a token) and that the webhook id belongs to them. */
    async check(): Promise<{ ok: true } | { ok: false; field: 'clientSecret' | 'webhookId' | null; message: string }> {
      const { paypal } = await sdkClient();
      try {
        await accessToken();
      } catch (error) {
        if (error instanceof paypal.ApiError && (error.statusCode === 401 || error.statusCode === 400)) {
          return { ok: false, field: 'clientSecret', message: 'PayPal did not accept this client ID and secret.' };
        }
        return { ok: false, field: null, message: 'PayPal could not be reached. Please try again in a moment.' };
      }
      const webhook = await rest('GET', `/v1/notifications/webhooks/${encodeURIComponent(credentials.webhookId)}`);
      if (webhook.status === 404) {
        return { ok: false, field: 'webhookId', message: 'PayPal has no webhook with this ID for this app.' };
      }
      if (webhook.status !== 200)
        return { ok: false, field: null, message: 'PayPal could not be reached. Please try again in a moment.' };
      return { ok: true };
    },

    /**
     * PayPal's verify-webhook-signature call. The event goes back byte for byte as it arrived
     * (spliced into the JSON, not re-serialised), since PayPal checks a CRC of those bytes.
     */
    async verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<boolean> {
      const header = (name: string) => {
        const value = headers[name];
        return typeof value === 'string' ? value : '';
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: credentials.webhookId,
      };
      if (Object.values(fields).some((v) => !v)) return false;
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
      const result = await rest('POST', '/v1/notifications/verify-webhook-signature', body);
      if (result.status !== 200) throw new Error(`PayPal verify-webhook-signature answered ${result.status}`);
      return result.json?.verification_status === 'SUCCESS';
    },
  };
}

export type PaypalApi = ReturnType<typeof createPaypalApi>;

function paypalIssue(error: ApiError): string | undefined {
  try {
    const body = JSON.parse(String(error.body)) as { details?: { issue?: string }[] };
    return body.details?.[0]?.issue;
  } catch {
    return undefined;
  }
}
