import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { PayProvider } from '../../common/contract/index.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { billingCustomers, presentationRuns } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { AiProvider } from '../providers/ai/index.js';
import { createImageProvider } from '../providers/images/index.js';
import { createMailer } from '../providers/mail/index.js';
import { createOidcClients } from '../providers/oidc/index.js';
import { createFastSpringProvider } from '../providers/payments/fastspring.js';
import { createPayPalProvider } from '../providers/payments/paypal.js';
import { createStripeProvider } from '../providers/payments/stripe.js';
import { createTestpayProvider } from '../providers/payments/testpay.js';
import { createSearchProviders } from '../providers/search/index.js';
import { createObjectStore } from '../providers/storage/index.js';
import { createAnalyticsService } from './analytics.js';
import { createLoginCodeService } from './auth/login-codes.js';
import { createSessionService } from './auth/sessions.js';
import { createVisitService } from './auth/visit.js';
import { loadOrCreateVisitKeys } from './auth/visit-keys.js';
import { createBillingService } from './billing/index.js';
import { createBillingManagement } from './billing/management.js';
import { createStudentDiscount } from './billing/student.js';
import { createCaptcha } from './captcha/index.js';
import { type AnswerBus, createLocalAnswerBus } from './chat/answer-bus.js';
import { createChannelService } from './chat/channels.js';
import { createChatService } from './chat/chat.js';
import { createImageTool } from './chat/chat-image.js';
import { imagesWorkspaceSource, presentationsWorkspaceSource } from './creation/creation-workspace.js';
import { createFlowchartService } from './creation/flowcharts.js';
import { createImageService } from './creation/images.js';
import { createPresentationDocumentReader } from './creation/presentation-documents.js';
import { createPresentationService } from './creation/presentations.js';
import { createDocChatService } from './documents/doc-chats.js';
import { createDocumentImageService } from './documents/document-images.js';
import { createDocumentService } from './documents/documents.js';
import { createEmbeddingIndex } from './documents/embeddings.js';
import { createFaviconService } from './documents/favicons.js';
import { createParseQueue, parseConcurrency } from './documents/parse-queue.js';
import { createFeedbackService } from './feedback.js';
import { createTemplateService } from './landing/templates.js';
import { createPromptService } from './prompts.js';
import { createRateLimits } from './rate-limit.js';
import { createAnswerLease, createLease, newInstanceId } from './run-lease.js';
import { createShareService } from './shares.js';
import { createFlowSigner } from './social-login/oauth-flow.js';
import { createSocialLoginService } from './social-login/social-login.js';
import { createObjectUploads } from './uploads/object-uploads.js';
import { createResumableUploadService } from './uploads/resumable-uploads.js';
import { createUploadService } from './uploads/uploads.js';
import { createAccountDeletion } from './user/account-deletion.js';
import { createAccountExport } from './user/account-export.js';
import { createUserSettingsService } from './user/user-settings.js';
import { createWorkspaceRegistry } from './workspace/registry.js';
import { documentsWorkspaceSource, writingWorkspaceSource } from './workspace/sources.js';
import { createWritingImageUrls } from './writing/image-urls.js';
import { createLinkTitleService } from './writing/link-title.js';
import { createWritingService } from './writing/writing.js';

/** A browser sends a batch every 6 s at most, plus a few on bursts; more is a script. */
const ANALYTICS_REQUESTS_PER_MINUTE = 120;
/** A page of answers shows a few dozen source icons; cached ones are cheap, new hosts are fetched. */
const FAVICONS_PER_MINUTE = 300;

/** Plenty for a person, little for a script filling the table. */
const FEEDBACK_PER_HOUR = 20;

export function createServices(deps: {
  config: Config;
  db: Database;
  /** The chunk journal's and live answers' writes (connections of their own on PostgreSQL); `db` if not given. */
  streamDb?: Database;
  ai: AiProvider;
  logger: Logger;
  /** Signals between instances (LISTEN/NOTIFY on PostgreSQL); a local one when alone. */
  bus?: AnswerBus;
  /** Set on PostgreSQL, which other instances may share: limits and locks hold across them. */
  postgres?: { pool: pg.Pool } | null;
}) {
  const { config, db, ai, logger } = deps;
  const shared = deps.postgres ?? null;
  /** This process among the instances: the owner named in the leases of the runs it generates. */
  const instanceId = newInstanceId();
  const bus = deps.bus ?? createLocalAnswerBus();
  const leaseMs = shared ? config.answerLeaseMs : null;
  const rateLimiter = createRateLimits(shared?.pool ?? null);
  const visitKeys = loadOrCreateVisitKeys(config.dataDir);
  const sessions = createSessionService(db, config.sessions);
  const channels = createChannelService(db);
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger });
  const objectStore = createObjectStore(config);
  const objectUploads = createObjectUploads(db);
  const oidcClients = createOidcClients(config);
  // Email codes and social logins draw on one per-IP allowance of login attempts.
  const loginAttempts = rateLimiter('login', config.rateLimit.loginAttemptsPerHourPerIp, 60 * 60_000);
  const embeddings = createEmbeddingIndex({ db, ai, model: config.ai.embeddingModel ?? null, logger });
  const billing = createBilling(config, db, logger, visitKeys, mailer, shared !== null);
  // One parse budget for the whole server: document text, document pictures and presentation re-reads.
  const parseQueue = createParseQueue(parseConcurrency(config.docs));
  const documentImages = createDocumentImageService({
    db,
    store: objectStore,
    config: config.docs,
    logger,
    parseQueue,
    shared: shared !== null,
  });
  const documents = createDocumentService({
    embeddings,
    images: documentImages,
    db,
    store: objectStore,
    objectUploads,
    config: config.docs,
    allowHosts: config.outboundAllowHosts ?? [],
    logger,
    meter: billing.meter,
    parseQueue,
    shared: shared !== null,
  });
  const search = createSearchProviders(config.docs.search);
  const uploads = createUploadService({ store: objectStore, objectUploads, config: config.storage });
  const writingImages = createWritingImageUrls({
    secret: visitKeys.deriveSecret('parley writing image url'),
    holds: uploads.holds,
  });
  const writing = createWritingService(db, writingImages);
  // Areas add their files to the workspace here (presentations and images register theirs the same way).
  const workspace = createWorkspaceRegistry();
  const prompts = createPromptService(db, { maxPerUser: config.promptsPerUserMax });
  workspace.register(documentsWorkspaceSource(db));
  workspace.register(writingWorkspaceSource(writing));
  const presentations = createPresentationService({
    db,
    ai,
    logger,
    offlineDelayMs: config.offlineModel.chunkDelayMs,
    meter: billing.meter,
    lease: createLease(db, config.answerLeaseMs, presentationRuns, instanceId),
    bus,
    leaseMs,
    readDocument: createPresentationDocumentReader({
      documents,
      store: objectStore,
      config: config.docs,
      logger,
      parseQueue,
    }),
  });
  workspace.register(presentationsWorkspaceSource(presentations));
  const images = createImageService({
    db,
    store: objectStore,
    provider: createImageProvider(config),
    logger,
    meter: billing.meter,
  });
  workspace.register(imagesWorkspaceSource(images));
  const docChats = createDocChatService({ db, documents, search, embeddings });
  return {
    /** Set once the server shuts down: readiness fails so load balancers send new requests elsewhere. */
    lifecycle: { draining: false },
    parseQueue,
    billing,
    documents,
    documentImages,
    docChats,
    search,
    workspace,
    objectStore,
    objectUploads,
    uploads,
    writingImages,
    resumableUploads: createResumableUploadService({
      db,
      store: objectStore,
      objectUploads,
      config: config.storage,
    }),
    db,
    mailer,
    userSettings: createUserSettingsService(
      db,
      oidcClients.google.configured,
      config.experiments,
      config.docs.ocr.enabled,
    ),
    accountExport: createAccountExport({
      db,
      store: objectStore,
      logger,
      secret: visitKeys.deriveSecret('parley account export link'),
    }),
    // Each export reads every row and file of an account: a few an hour are plenty for a person.
    exportLimiter: rateLimiter('account-export', 10, 60 * 60_000),
    // A read again of a scan holds a parse slot for seconds a page: a person needs a few an hour.
    readAgainLimiter: rateLimiter(
      'document-read-again',
      config.rateLimit.readAgainPerHourPerUser ?? 20,
      60 * 60_000,
    ),
    accountDeletion: createAccountDeletion({
      db,
      store: objectStore,
      providerByName: billing.providerByName,
      liveSubscriptions: billing.liveSubscriptions,
      tookTrial: billing.catalogue.tookTrial,
      trialEmailHash: billing.catalogue.trialEmailHash,
      logger,
    }),
    loginAttempts,
    socialLogin: createSocialLoginService({
      db,
      clients: oidcClients,
      signer: createFlowSigner(visitKeys.deriveSecret('parley oauth flow cookie')),
      sessions,
      logger,
    }),
    captcha: createCaptcha({ config: config.captcha, db, dataDir: config.dataDir, logger }),
    feedback: createFeedbackService({ db, limiter: rateLimiter('feedback', FEEDBACK_PER_HOUR, 60 * 60_000) }),
    loginCodes: createLoginCodeService({
      db,
      mailer,
      sendLimiter: rateLimiter('code-send', config.rateLimit.codeSendsPerHourPerIp, 60 * 60_000),
      attemptLimiter: loginAttempts,
      sessions,
    }),
    config,
    logger,
    ai,
    visitKeys,
    sessions,
    channels,
    visit: createVisitService({ db, keys: visitKeys, sessions }),
    writing,
    prompts,
    templates: createTemplateService({ prompts, workspace }),
    flowcharts: createFlowchartService({ ai, timeoutMs: config.ai.timeoutMs, meter: billing.meter }),
    presentations,
    images,
    shares: createShareService({
      db,
      channels,
      limiter: rateLimiter('share', config.rateLimit.sharesPerHourPerUser, 60 * 60_000),
    }),
    analytics: createAnalyticsService({ db, adminEmails: config.adminEmails ?? [] }),
    analyticsLimiter: rateLimiter('analytics', ANALYTICS_REQUESTS_PER_MINUTE, 60_000),
    favicons: createFaviconService({ allowHosts: config.outboundAllowHosts ?? [] }),
    faviconLimiter: rateLimiter('favicon', FAVICONS_PER_MINUTE, 60_000),
    linkTitles: createLinkTitleService({ allowHosts: config.outboundAllowHosts ?? [], timeoutMs: 5000 }),
    visitLimiter: rateLimiter('visit', config.rateLimit.visitsPerMinute, 60_000),
    chat: createChatService({
      db,
      streamDb: deps.streamDb ?? db,
      ai,
      channels,
      logger,
      meter: billing.meter,
      persistIntervalMs: config.persistIntervalMs,
      idleTimeoutMs: config.ai.timeoutMs,
      lease: createAnswerLease(db, config.answerLeaseMs, instanceId),
      bus,
      leaseMs,
      grounding: docChats,
      imageTool: createImageTool(images),
    }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** Plans and billing with the built-in test provider as the embedded default. */
function createBilling(
  config: Config,
  db: Database,
  logger: Logger,
  visitKeys: ReturnType<typeof loadOrCreateVisitKeys>,
  mailer: ReturnType<typeof createMailer>,
  shared: boolean,
) {
  let selfUrl: string | null = null;
  const coupon = config.billing.marketingCoupon;
  const testpay = createTestpayProvider({
    db,
    logger,
    secret: config.billing.testpaySecret ?? visitKeys.deriveSecret('parley testpay webhook').toString('hex'),
    retryDays: config.billing.testpayRetryDays,
    selfUrl: () => selfUrl,
    product: (id) => billing.catalogue.productById(id),
  });
  // The test wallet stands in for PayPal only where payments are test payments anyway (no Stripe, no PayPal).
  const testWallet =
    config.billing.testWallet && !config.billing.paypal && !config.billing.stripe
      ? createTestpayProvider({
          db,
          logger,
          face: 'wallet',
          secret: visitKeys.deriveSecret('parley test wallet webhook').toString('hex'),
          retryDays: config.billing.testpayRetryDays,
          selfUrl: () => selfUrl,
          product: (id) => billing.catalogue.productById(id),
        })
      : null;
  const billing = createBillingService({
    db,
    logger,
    providers: [
      config.billing.stripe
        ? createStripeProvider(config.billing.stripe, {
            productByPrice: (price) => billing.catalogue.productByProviderId(PayProvider.Card, price),
            customerOwnedBy: async (customerId, userId) => {
              const [row] = await db
                .select()
                .from(billingCustomers)
                .where(and(eq(billingCustomers.customerId, customerId), eq(billingCustomers.userId, userId)))
                .limit(1);
              return Boolean(row);
            },
          })
        : testpay,
      ...(config.billing.fastspring
        ? [
            createFastSpringProvider(config.billing.fastspring, {
              productByPath: (path) =>
                billing.catalogue.productByProviderId(PayProvider.MerchantOfRecord, path),
            }),
          ]
        : []),
      ...(config.billing.paypal
        ? [
            createPayPalProvider(config.billing.paypal, {
              productByPlan: (planId) => billing.catalogue.productByProviderId(PayProvider.Wallet, planId),
            }),
          ]
        : []),
      ...(testWallet ? [testWallet] : []),
    ],
    enforceQuotas: config.billing.enforceQuotas,
    freeUploadsPerDay: config.docs.freeFilesPerDay,
    pastDueGraceMs: config.billing.pastDueGraceDays * 24 * 60 * 60 * 1000,
    teamsContact: config.billing.teamsContact,
    shared,
    trialEmailKey: visitKeys.deriveSecret('parley trial taker email'),
    catalogueOptions: {
      priceTest: config.billing.priceTest,
      trialStatus: config.billing.trialStatus,
      productIds: config.billing.productIds,
      marketingCoupon: coupon
        ? {
            code: coupon.code,
            kind: 'marketing',
            monthlyDiscount: coupon.monthly,
            yearlyDiscount: coupon.yearly,
            durationMonths: 3,
            description: coupon.description,
            active: true,
          }
        : null,
    },
  });
  const management = createBillingManagement({ db, billing });
  return Object.assign(billing, {
    testpay,
    testWallet,
    management,
    student: createStudentDiscount({ db, mailer, management }),
    /** Called once the server listens: the test provider can now deliver its webhooks to it. */
    setSelfUrl(url: string) {
      selfUrl = url;
    },
  });
}
