import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ChannelDetail } from '../../../common/contract';
import { channelBeforePage } from '../../machines/chat/io';
import { readMessagesEarly } from '../chat/early-messages';
import { RouteErrorBoundary } from '../ErrorBoundary';
import { Layout } from '../layout/Layout';
import { NotFound } from './NotFound';

const home = async () => ({ Component: (await import('../chat/ChatPage')).HomePage });
const presentation = async () => ({
  Component: (await import('../creation/PresentationPage')).PresentationPage,
});
const flowchart = async () => ({ Component: (await import('../creation/FlowchartPage')).FlowchartPage });
const image = async () => ({ Component: (await import('../creation/ImagePage')).ImagePage });
const creationHub = async () => ({
  Component: (await import('../creation/CreationHubPage')).CreationHubPage,
});

/** The chat page, and the conversation's and the document pane's own chunks (off the home route) beside it. */
let channelPage: Promise<typeof import('../chat/ChatPage')> | undefined;
const loadChannelPage = () => {
  channelPage ??= (async () => {
    const [page] = await Promise.all([
      import('../chat/ChatPage'),
      import('../chat/MessageList'),
      import('../documents/DocumentPane'),
    ]);
    // Fetched already: this only hands the page the module, so a cached chat draws without suspending.
    await page.loadMessageList();
    return page;
  })();
  // A chunk that failed to load is asked for again by the next navigation.
  channelPage.catch(() => {
    channelPage = undefined;
  });
  return channelPage;
};

// Only for the address the page was opened at, once: a later navigation finds the app, the chat's actor and
// its cache already there.
const openedAt = window.location.pathname;
let prefetched = false;

// Each page is its own chunk: the bundle is split by route.
const pages: RouteObject[] = [
  { index: true, lazy: home },
  // /home is home too (login attempts made there carry the gray-release header, see api/http.ts).
  { path: 'home', lazy: home },
  // The mobile home: the same responsive page (the shell turns the sidebar into a drawer).
  { path: 'm/home', lazy: home },
  {
    path: 'chat/:channelId',
    // Opening the app at a chat asks for the chat at once, beside the chunks below (runs in parallel with
    // lazy); its answer, when here before the chunks, is the page's loader data (ChannelPage).
    loader: async ({ params, request }): Promise<ChannelDetail | null> => {
      const first = !prefetched && !!params.channelId && new URL(request.url).pathname === openedAt;
      prefetched = true;
      if (!first || !params.channelId) return null;
      // The device cache is read beside the server's answer, for the page's first draw.
      readMessagesEarly(params.channelId);
      return channelBeforePage(params.channelId, loadChannelPage()).catch(() => null);
    },
    lazy: async () => ({ Component: (await loadChannelPage()).ChannelPage }),
  },
  {
    path: 'chatwithdoc',
    lazy: async () => ({ Component: (await import('../documents/ChatWithDocPage')).ChatWithDocPage }),
  },
  {
    // The mobile variant of chat-with-doc (the same responsive page).
    path: 'm/chatwithdoc',
    lazy: async () => ({ Component: (await import('../documents/ChatWithDocPage')).ChatWithDocPage }),
  },
  {
    path: 'workspace/:routeType?/:fileCategory?',
    lazy: async () => ({ Component: (await import('../documents/WorkspacePage')).WorkspacePage }),
  },
  {
    path: 'writing',
    lazy: async () => ({ Component: (await import('../writing/WritingPage')).WritingPage }),
  },
  {
    path: 'share/:shareKey',
    lazy: async () => ({ Component: (await import('../shares/SharePage')).SharePage }),
  },
  // A creation tool without a template type is the same tool with type "all".
  { path: 'creation/:type/Presentation', lazy: presentation },
  { path: 'creation/Presentation', lazy: presentation },
  { path: 'creation/:type/Flowchart', lazy: flowchart },
  { path: 'creation/Flowchart', lazy: flowchart },
  { path: 'creation/:type/Image', lazy: image },
  { path: 'creation/Image', lazy: image },
  // /creation/{template type}: the tools of that type; the discover pages show the same tools.
  { path: 'creation/:type', lazy: creationHub },
  { path: 'discover/*', lazy: creationHub },
  { path: 'ppt', lazy: presentation },
  {
    path: 'admin/analytics',
    lazy: async () => ({ Component: (await import('../analytics/AnalyticsAdminPage')).AnalyticsAdminPage }),
  },
  { path: 'logout', lazy: async () => ({ Component: (await import('../auth/LogoutPage')).LogoutPage }) },
  {
    path: 'releasenote',
    lazy: async () => ({ Component: (await import('../landing/ReleaseNotesPage')).ReleaseNotesPage }),
  },
  {
    path: 'terms/user',
    lazy: async () => ({ Component: (await import('../landing/TermsPage')).UserTermsPage }),
  },
  {
    path: 'terms/privacy',
    lazy: async () => ({ Component: (await import('../landing/TermsPage')).PrivacyPage }),
  },
  {
    path: 'oauth/google/callback',
    lazy: async () => ({
      Component: (await import('../social-login/OAuthReturnPage')).GoogleLoginReturnPage,
    }),
  },
  {
    path: 'oauth/apple/callback',
    lazy: async () => ({ Component: (await import('../social-login/OAuthReturnPage')).AppleLoginReturnPage }),
  },
  {
    path: 'oauth/google/drive',
    lazy: async () => ({ Component: (await import('../social-login/OAuthReturnPage')).DriveReturnPage }),
  },
  { path: '*', Component: NotFound },
];

export const createRouter = () =>
  createBrowserRouter([
    { path: '/', Component: Layout, ErrorBoundary: RouteErrorBoundary, children: pages },
    // The same pages under an optional leading language code (/ar, /zh/chat/...); Layout checks the code.
    { path: '/:lang', Component: Layout, ErrorBoundary: RouteErrorBoundary, children: pages },
  ]);
