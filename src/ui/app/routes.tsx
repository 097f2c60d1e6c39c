import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../ErrorBoundary';
import { Shell } from '../shell/Shell';
import { NotFound } from './NotFound';

// Each page is its own chunk: the bundle is split by route.
const pages: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../chat/ChatPage')).HomePage }) },
  {
    path: 'chat/:channelId',
    lazy: async () => ({ Component: (await import('../chat/ChatPage')).ChannelPage }),
  },
  {
    path: 'chatwithdoc',
    lazy: async () => ({ Component: (await import('../documents/ChatWithDocPage')).ChatWithDocPage }),
  },
  {
    // The spec's mobile variant of chat-with-doc (the same responsive page).
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
    lazy: async () => ({ Component: (await import('../share/SharePage')).SharePage }),
  },
  {
    path: 'creation/:type/Presentation',
    lazy: async () => ({ Component: (await import('../creation/PresentationPage')).PresentationPage }),
  },
  {
    path: 'creation/:type/Flowchart',
    lazy: async () => ({ Component: (await import('../creation/FlowchartPage')).FlowchartPage }),
  },
  {
    path: 'creation/:type/Image',
    lazy: async () => ({ Component: (await import('../creation/ImagePage')).ImagePage }),
  },
  {
    path: 'ppt',
    lazy: async () => ({ Component: (await import('../creation/PresentationPage')).PresentationPage }),
  },
  {
    path: 'admin/analytics',
    lazy: async () => ({ Component: (await import('../analytics/AnalyticsAdminPage')).AnalyticsAdminPage }),
  },
  { path: 'logout', lazy: async () => ({ Component: (await import('../pages/LogoutPage')).LogoutPage }) },
  {
    path: 'releasenote',
    lazy: async () => ({ Component: (await import('../pages/ReleaseNotesPage')).ReleaseNotesPage }),
  },
  {
    path: 'terms/user',
    lazy: async () => ({ Component: (await import('../pages/TermsPage')).UserTermsPage }),
  },
  {
    path: 'terms/privacy',
    lazy: async () => ({ Component: (await import('../pages/TermsPage')).PrivacyPage }),
  },
  {
    path: 'oauth/google/callback',
    lazy: async () => ({ Component: (await import('../pages/OAuthReturnPage')).GoogleLoginReturnPage }),
  },
  {
    path: 'oauth/apple/callback',
    lazy: async () => ({ Component: (await import('../pages/OAuthReturnPage')).AppleLoginReturnPage }),
  },
  {
    path: 'oauth/google/drive',
    lazy: async () => ({ Component: (await import('../pages/OAuthReturnPage')).DriveReturnPage }),
  },
  { path: '*', Component: NotFound },
];

export const createRouter = () =>
  createBrowserRouter([
    { path: '/', Component: Shell, ErrorBoundary: RouteErrorBoundary, children: pages },
    // The same pages under an optional leading language code (/ar, /zh/chat/...); Shell checks the code.
    { path: '/:lang', Component: Shell, ErrorBoundary: RouteErrorBoundary, children: pages },
  ]);
