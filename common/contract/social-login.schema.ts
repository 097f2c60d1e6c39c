// Request validators of social login and the Drive connector (server side; the client imports types only).
import { z } from 'zod';
import { OAUTH_PURPOSES, SOCIAL_PROVIDERS } from './social-login';

export const OAuthProviderParam = z.enum(SOCIAL_PROVIDERS);
export const OAuthStartQuery = z.object({ purpose: z.enum(OAUTH_PURPOSES).default('login') });

/** `uri` is the page the provider sent the browser back to, with every parameter it added (state, iss). */
export const OAuthCodeQuery = z.object({
  code: z.string().min(1).max(2048),
  uri: z.url().max(8192),
});
export type OAuthCodeQuery = z.infer<typeof OAuthCodeQuery>;

/** Apple's call names only the code; Parley's client also sends the page it landed on. */
export const AppleCodeQuery = z.object({
  code: z.string().min(1).max(2048),
  uri: z.url().max(8192).optional(),
});

export const OneTapQuery = z.object({ idTokenString: z.string().min(1).max(8192) });

/** Apple's form post back to Parley (response_mode=form_post). */
export const AppleFormPost = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  iss: z.string().max(512).optional(),
});
