// Every environment variable Parley reads, typed, with the embedded defaults that make `npm start` work
// on a fresh machine with no account anywhere.
import path from 'node:path';
import { type AppLinks, OCR_LANGUAGES, PROMPTS_PER_USER_MAX } from '../common/contract/index.js';

export interface ModelMapping {
  [parleyModel: string]: string;
}

/** One OpenID Connect provider: discovered from its issuer on first use; unset client id = not offered. */
export interface OidcClientConfig {
  issuer: string;
  clientId: string | null;
  clientSecret: string | null;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  logLevel: string;
  publicBaseUrl: string | null;
  ai: {
    baseUrl: string | null;
    apiKey: string;
    modelMap: ModelMapping;
    timeoutMs: number;
    /** The provider's embedding model (AI_EMBEDDING_MODEL); set, document chats also retrieve by meaning. */
    embeddingModel?: string | null;
  };
  offlineModel: { chunkDelayMs: number };
  /** An OpenAI-compatible images API (IMAGE_BASE_URL); without it image generation says how to set one up. */
  images: { baseUrl: string | null; apiKey: string; model: string; size: string; timeoutMs: number };
  /** How often a streaming answer is written to the database. */
  persistIntervalMs: number;
  /**
   * ANSWER_LEASE_MS: an instance renews the lease of the answers and presentations it generates every third of
   * this; one whose lease is older (its instance died) is taken over by another instance.
   */
  answerLeaseMs: number;
  rateLimit: {
    visitsPerMinute: number;
    codeSendsPerHourPerIp: number;
    loginAttemptsPerHourPerIp: number;
    /** Share links one user may create in an hour. */
    sharesPerHourPerUser: number;
    /** Documents one user may read again in an hour (DOCS_READ_AGAIN_PER_HOUR; unset: 20). */
    readAgainPerHourPerUser?: number;
  };
  mail: { smtpUrl: string | null; from: string };
  /** Login lifetimes: a session unused for idleDays or older than maxDays stops working. */
  sessions: SessionConfig;
  /** A banner shown to every user (GET /api/v1/release/announcement); unset shows none. */
  announcement: string | null;
  /** Saved prompts one user may keep (PROMPTS_PER_USER_MAX). */
  promptsPerUserMax: number;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** EMBED_ORIGINS: origins (https://blog.example.com) that may frame shared-chat pages; empty: no site may. */
  embedOrigins: string[];
  /** BODY_MAX_BYTES: the largest request body (JSON, forms) most routes accept; see http/body-limits.ts. */
  bodyMaxBytes: number;
  staticDir: string;
  /** Hosts (host or host:port) that server-side fetches of user links may reach although they are private. */
  outboundAllowHosts: string[];
  storage: StorageConfig;
  oidc: { google: OidcClientConfig; apple: OidcClientConfig };
  captcha: CaptchaConfig;
  /** The sidebar's quick links and the download modal's store links; null where not set up. */
  links: AppLinks;
  docs: DocsConfig;
  /** ADMIN_EMAILS: members with these addresses see the operator pages (analytics counts). */
  adminEmails: string[];
  billing: BillingConfig;
  /** EXPERIMENTS: pinned variants per experiment ('' = off); experiments not named split users A/B. */
  experiments: Record<string, string>;
}

export interface SessionConfig {
  /** SESSION_IDLE_DAYS: a session not used for this long is refused. */
  idleDays: number;
  /** SESSION_MAX_DAYS: a session older than this is refused however often it is used. */
  maxDays: number;
  /** SESSION_RENEW_MINUTES: the idle window slides forward on use at most this often (one write). */
  renewMinutes: number;
}

/** Document chat: parsing limits (a worker thread per parse) and the free plan's daily allowance. */
export interface DocsConfig {
  /** DOCS_FREE_FILES_PER_DAY: overrides the Free plan's uploadQuota from the catalogue; null: the catalogue's. */
  freeFilesPerDay: number | null;
  parseTimeoutMs: number;
  parseMaxHeapMb: number;
  /** DOCS_PARSE_CONCURRENCY: parses at once; null: as many as DOCS_PARSE_MEMORY_MB holds (docs/parse-queue.ts). */
  parseConcurrency: number | null;
  /** DOCS_PARSE_MEMORY_MB: memory all parses together may take; null: a quarter of the machine's. */
  parseMemoryMb: number | null;
  parseMaxBytes: number;
  urlMaxBytes: number;
  urlTimeoutMs: number;
  /** Pictures read from documents (DOCS_IMAGES_*): smaller sides skipped, count and bytes capped per document. */
  images: { minSide: number; maxCount: number; maxTotalBytes: number; maxPixels: number };
  /** Web (SearXNG-compatible JSON) and academic (arXiv API) search; unset addresses turn them off. */
  search: { searxngUrl: string | null; arxivUrl: string | null; timeoutMs: number };
  /**
   * Reading of pdf pages without a text layer and of uploaded pictures of pages (DOCS_OCR=off turns it off);
   * DOCS_OCR_TIMEOUT_MS bounds it per document; DOCS_OCR_LANGUAGES (tesseract codes joined by +) fixes the
   * languages, null: English and the uploader's language; DOCS_OCR_MAX_PIXELS refuses larger uploaded pictures
   * before they are decoded.
   */
  ocr: { enabled: boolean; timeoutMs: number; languages: string[] | null; maxPixels: number };
}

export interface BillingConfig {
  /** Split members into price groups A/B (PRICE_TEST=1); off: everyone pays group 0 prices. */
  priceTest: boolean;
  trialStatus: 'none' | 'Pro' | 'ProAndUnlimit';
  /** MARKETING_COUPON="CODE:monthly:yearly:description", fractions e.g. SPRING:0.2:0.3:Spring sale. */
  marketingCoupon: { code: string; monthly: number; yearly: number; description: string } | null;
  /** Signs the test provider's webhooks; unset: derived from the server's key. */
  testpaySecret: string | null;
  /** How often the test provider renews or ends subscriptions whose period is over. */
  testpayTickMs: number;
  /** TESTPAY_RETRY_DAYS="3,5,7": days after a failed renewal the test provider retries; the last failure ends it. */
  testpayRetryDays: number[];
  /** BILLING_PAST_DUE_GRACE_DAYS: how long a past-due plan stays paid if the provider never ends it. */
  pastDueGraceDays: number;
  /** QUOTAS=off: plan quotas are not enforced (a private instance; benchmarks). Model rules still apply. */
  enforceQuotas: boolean;
  /** Set (STRIPE_SECRET_KEY): Stripe takes card payments instead of the built-in test provider. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | null } | null;
  /** Set (FASTSPRING_USERNAME): FastSpring is offered as the merchant-of-record provider. */
  fastspring: {
    username: string;
    password: string;
    storefront: string;
    webhookSecret: string;
    apiBase: string;
  } | null;
  /** Set (PAYPAL_CLIENT_ID): PayPal subscriptions are the wallet provider (payProvider 3). */
  paypal: { clientId: string; clientSecret: string; webhookId: string; apiBase: string } | null;
  /** TESTPAY_WALLET=off: without PayPal (and with the test card provider) no test wallet is offered. */
  testWallet: boolean;
  /** BILLING_TEAMS_CONTACT: an email address or http(s) page for team plans; unset: no Teams card. */
  teamsContact: string | null;
  /** BILLING_PRODUCT_IDS="0:pro-month-g0=price_123,2:pro-month-g0=parley-pro-monthly": provider ids per product. */
  productIds: { provider: number; productId: string; providerProductId: string }[];
}

/** Increasing whole days after the failed renewal; anything unreadable falls back to Stripe-like 3, 5, 7. */
function retryDays(raw: string | undefined): number[] {
  const days = (raw ?? '3,5,7')
    .split(',')
    .filter((d) => d.trim() !== '')
    .map((d) => Number(d.trim()));
  const valid = days.every((d, i) => Number.isInteger(d) && d > 0 && (i === 0 || d > days[i - 1]));
  return valid ? days : [3, 5, 7];
}

function productIds(raw: string | undefined): BillingConfig['productIds'] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim().match(/^(\d+):([\w-]+)=(.+)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => ({ provider: Number(m[1]), productId: m[2], providerProductId: m[3].trim() }));
}

/** A sales address: an email address or an http(s) page; anything else counts as not set. */
function teamsContact(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  return /^[^\s@:/]+@[^\s@]+\.[^\s@]+$/.test(value) || /^https?:\/\/\S+$/i.test(value) ? value : null;
}

/** "teams:A,guest:off" -> { teams: 'A', guest: '' }; a variant other than A, B or off is ignored. */
export function parseExperiments(raw: string | undefined): Record<string, string> {
  const pinned: Record<string, string> = {};
  for (const entry of (raw ?? '').split(',')) {
    const [key, variant] = entry.split(':').map((part) => part?.trim() ?? '');
    if (!key || !variant) continue;
    if (variant === 'A' || variant === 'B') pinned[key] = variant;
    else if (variant.toLowerCase() === 'off') pinned[key] = '';
  }
  return pinned;
}

function marketingCoupon(raw: string | undefined): BillingConfig['marketingCoupon'] {
  const [code, monthly, yearly, ...description] = (raw ?? '').split(':');
  if (!code || !monthly || !yearly) return null;
  const m = Number(monthly);
  const y = Number(yearly);
  if (!(m >= 0 && m < 1 && y >= 0 && y < 1)) return null;
  return {
    code: code.trim().toUpperCase(),
    monthly: m,
    yearly: y,
    description: description.join(':').trim() || code,
  };
}

export interface S3Config {
  /** Unset: AWS itself (by region). */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface StorageConfig {
  /** Set (S3_BUCKET given): uploads go to S3-compatible storage; unset: the embedded store in the data dir. */
  s3: S3Config | null;
  /** The embedded store's bucket name (the `bucket` a presigned post names). */
  localBucket: string;
  maxUploadBytes: number;
  uploadUrlTtlSeconds: number;
  /** Signs the embedded store's upload policies; unset: a random key kept in <dataDir>/keys. */
  signingSecret: string | null;
}

export interface CaptchaConfig {
  /** altcha proof of work: PBKDF2/SHA-256 iterations per try. */
  cost: number;
  /** The hidden counter is drawn from [maxCounter / 2, maxCounter]: the number of tries a solver needs. */
  maxCounter: number;
  /** How long a challenge (or a Turnstile token) may take from issue to use. */
  ttlSeconds: number;
  /** Set: Turnstile replaces the proof of work. */
  turnstile: { secretKey: string; siteKey: string; verifyUrl: string; scriptUrl: string } | null;
}

/** "Standard=gpt-4o-mini,GPT-4=gpt-4.1" -> { Standard: 'gpt-4o-mini', 'GPT-4': 'gpt-4.1' } */
export function parseModelMap(raw: string | undefined): ModelMapping {
  const map: ModelMapping = {};
  for (const pair of (raw ?? '').split(',')) {
    const [from, to] = pair.split('=').map((part) => part?.trim());
    if (from && to) map[from] = to;
  }
  return map;
}

/** Only http(s) addresses become links; anything else counts as not set up. */
const link = (raw: string | undefined) => (raw && /^https?:\/\//i.test(raw.trim()) ? raw.trim() : null);

function int(raw: string | undefined, fallback: number): number {
  const value = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(value) ? value : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    publicBaseUrl: env.PUBLIC_BASE_URL || null,
    ai: {
      baseUrl: env.AI_BASE_URL || null,
      apiKey: env.AI_API_KEY ?? '',
      modelMap: parseModelMap(env.AI_MODEL_MAP),
      timeoutMs: int(env.AI_TIMEOUT_MS, 60_000),
      embeddingModel: env.AI_EMBEDDING_MODEL || null,
    },
    offlineModel: { chunkDelayMs: int(env.OFFLINE_MODEL_CHUNK_DELAY_MS, 25) },
    images: {
      baseUrl: env.IMAGE_BASE_URL || null,
      apiKey: env.IMAGE_API_KEY ?? '',
      model: env.IMAGE_MODEL || 'gpt-image-1',
      size: env.IMAGE_SIZE || '1024x1024',
      timeoutMs: int(env.IMAGE_TIMEOUT_MS, 120_000),
    },
    persistIntervalMs: int(env.STREAM_PERSIST_INTERVAL_MS, 250),
    answerLeaseMs: Math.max(300, int(env.ANSWER_LEASE_MS, 15_000)),
    rateLimit: {
      visitsPerMinute: int(env.VISIT_RATE_LIMIT_PER_MINUTE, 30),
      codeSendsPerHourPerIp: int(env.CODE_SEND_RATE_LIMIT_PER_HOUR, 20),
      loginAttemptsPerHourPerIp: int(env.LOGIN_RATE_LIMIT_PER_HOUR, 60),
      sharesPerHourPerUser: int(env.SHARE_RATE_LIMIT_PER_HOUR, 60),
      readAgainPerHourPerUser: int(env.DOCS_READ_AGAIN_PER_HOUR, 20),
    },
    announcement: env.ANNOUNCEMENT || null,
    promptsPerUserMax: int(env.PROMPTS_PER_USER_MAX, PROMPTS_PER_USER_MAX),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    bodyMaxBytes: int(env.BODY_MAX_BYTES, 1024 * 1024),
    embedOrigins: (env.EMBED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => /^https?:\/\/[^\s/;,']+$/.test(origin)),
    sessions: {
      idleDays: Math.max(1, int(env.SESSION_IDLE_DAYS, 30)),
      maxDays: Math.max(1, int(env.SESSION_MAX_DAYS, 180)),
      renewMinutes: Math.max(1, int(env.SESSION_RENEW_MINUTES, 60)),
    },
    mail: { smtpUrl: env.SMTP_URL || null, from: env.MAIL_FROM ?? 'Parley <no-reply@parley.local>' },
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    storage: {
      s3: env.S3_BUCKET
        ? {
            endpoint: env.S3_ENDPOINT || null,
            region: env.S3_REGION || 'us-east-1',
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
          }
        : null,
      localBucket: 'parley',
      maxUploadBytes: int(env.UPLOAD_MAX_BYTES, 512 * 1024 * 1024),
      uploadUrlTtlSeconds: int(env.UPLOAD_URL_TTL_SECONDS, 3600),
      signingSecret: env.UPLOAD_SIGNING_SECRET || null,
    },
    oidc: {
      google: {
        issuer: env.GOOGLE_OIDC_ISSUER || 'https://accounts.google.com',
        clientId: env.GOOGLE_CLIENT_ID || null,
        clientSecret: env.GOOGLE_CLIENT_SECRET || null,
      },
      apple: {
        issuer: env.APPLE_OIDC_ISSUER || 'https://appleid.apple.com',
        clientId: env.APPLE_CLIENT_ID || null,
        clientSecret: env.APPLE_CLIENT_SECRET || null,
      },
    },
    links: {
      community: link(env.LINK_COMMUNITY),
      social: link(env.LINK_SOCIAL),
      chromeExtension: link(env.LINK_CHROME_EXTENSION),
      ios: link(env.LINK_IOS_APP),
      android: link(env.LINK_ANDROID_APP),
    },
    captcha: {
      cost: int(env.CAPTCHA_COST, 1000),
      maxCounter: int(env.CAPTCHA_MAX_COUNTER, 4000),
      ttlSeconds: int(env.CAPTCHA_TTL_SECONDS, 600),
      turnstile: env.TURNSTILE_SECRET_KEY
        ? {
            secretKey: env.TURNSTILE_SECRET_KEY,
            siteKey: env.TURNSTILE_SITE_KEY ?? '',
            verifyUrl:
              env.TURNSTILE_VERIFY_URL || 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
            scriptUrl:
              env.TURNSTILE_SCRIPT_URL ||
              'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
          }
        : null,
    },
    billing: {
      priceTest: env.PRICE_TEST === '1' || env.PRICE_TEST === 'true',
      trialStatus: (['none', 'Pro', 'ProAndUnlimit'] as const).find((s) => s === env.TRIAL_STATUS) ?? 'Pro',
      marketingCoupon: marketingCoupon(env.MARKETING_COUPON),
      testpaySecret: env.TESTPAY_WEBHOOK_SECRET || null,
      testpayTickMs: int(env.TESTPAY_TICK_MS, 60_000),
      testpayRetryDays: retryDays(env.TESTPAY_RETRY_DAYS),
      pastDueGraceDays: Math.max(0, int(env.BILLING_PAST_DUE_GRACE_DAYS, 14)),
      enforceQuotas: env.QUOTAS !== 'off',
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            apiBase: env.STRIPE_API_BASE || null,
          }
        : null,
      fastspring: env.FASTSPRING_USERNAME
        ? {
            username: env.FASTSPRING_USERNAME,
            password: env.FASTSPRING_PASSWORD ?? '',
            storefront: env.FASTSPRING_STOREFRONT ?? '',
            webhookSecret: env.FASTSPRING_WEBHOOK_SECRET ?? '',
            apiBase: env.FASTSPRING_API_BASE || 'https://api.fastspring.com',
          }
        : null,
      paypal: env.PAYPAL_CLIENT_ID
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
            webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
            apiBase: (env.PAYPAL_API_BASE || 'https://api-m.paypal.com').replace(/\/+$/, ''),
          }
        : null,
      testWallet: env.TESTPAY_WALLET !== 'off',
      productIds: productIds(env.BILLING_PRODUCT_IDS),
      teamsContact: teamsContact(env.BILLING_TEAMS_CONTACT),
    },
    experiments: parseExperiments(env.EXPERIMENTS),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    outboundAllowHosts: (env.OUTBOUND_ALLOW_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    docs: {
      freeFilesPerDay: env.DOCS_FREE_FILES_PER_DAY ? Math.max(0, int(env.DOCS_FREE_FILES_PER_DAY, 2)) : null,
      parseTimeoutMs: int(env.DOCS_PARSE_TIMEOUT_MS, 30_000),
      parseMaxHeapMb: int(env.DOCS_PARSE_MAX_HEAP_MB, 256),
      parseConcurrency: env.DOCS_PARSE_CONCURRENCY ? Math.max(1, int(env.DOCS_PARSE_CONCURRENCY, 1)) : null,
      parseMemoryMb: env.DOCS_PARSE_MEMORY_MB ? Math.max(1, int(env.DOCS_PARSE_MEMORY_MB, 1024)) : null,
      parseMaxBytes: int(env.DOCS_PARSE_MAX_BYTES, 100 * 1024 * 1024),
      urlMaxBytes: int(env.DOCS_URL_MAX_BYTES, 10 * 1024 * 1024),
      urlTimeoutMs: int(env.DOCS_URL_TIMEOUT_MS, 10_000),
      images: {
        minSide: int(env.DOCS_IMAGES_MIN_SIDE, 64),
        maxCount: int(env.DOCS_IMAGES_MAX_PER_DOC, 50),
        maxTotalBytes: int(env.DOCS_IMAGES_MAX_BYTES, 20 * 1024 * 1024),
        maxPixels: int(env.DOCS_IMAGES_MAX_PIXELS, 16_000_000),
      },
      search: {
        searxngUrl: env.SEARCH_SEARXNG_URL || null,
        arxivUrl: env.SEARCH_ARXIV_URL || null,
        timeoutMs: int(env.SEARCH_TIMEOUT_MS, 8000),
      },
      ocr: {
        enabled: env.DOCS_OCR !== 'off',
        timeoutMs: int(env.DOCS_OCR_TIMEOUT_MS, 300_000),
        languages: ocrLanguages(env.DOCS_OCR_LANGUAGES),
        // A 50-megapixel phone photo decodes to 200 MB outside the heap; 12-megapixel ones are the common size.
        maxPixels: int(env.DOCS_OCR_MAX_PIXELS, 50_000_000),
      },
    },
  };
}

/** DOCS_OCR_LANGUAGES: shipped languages joined by + (eng+spa); unknown ones are refused at start-up. */
function ocrLanguages(value: string | undefined): string[] | null {
  if (!value?.trim()) return null;
  const codes = value.split('+').map((code) => code.trim());
  for (const code of codes)
    if (!(OCR_LANGUAGES as readonly string[]).includes(code))
      throw new Error(`DOCS_OCR_LANGUAGES: ${code} is not one of ${OCR_LANGUAGES.join(', ')}`);
  return codes;
}
