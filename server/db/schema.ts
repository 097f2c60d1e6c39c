// One schema for PGlite and PostgreSQL, one table module per domain under ./tables; migrations in
// ./migrations are generated from it (npm run db:generate).
export * from './tables/analytics.js';
export * from './tables/auth.js';
export * from './tables/billing.js';
export * from './tables/captcha.js';
export * from './tables/chat.js';
export * from './tables/creation.js';
export * from './tables/document-images.js';
export * from './tables/documents.js';
export * from './tables/feedback.js';
export * from './tables/prompts.js';
export * from './tables/rate-limits.js';
export * from './tables/shares.js';
export * from './tables/social-login.js';
export * from './tables/uploads.js';
export * from './tables/user.js';
export * from './tables/writing.js';
