// The app's pages by address, each its own chunk, under an optional leading language code (/ar/chat/...); opening
// the app at a chat asks for the chat beside the page's code.
import { type ComponentType, lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { matchRoute, type Parser, Route, Switch, useLocation, useRouter } from 'wouter';
import type { ChannelDetail } from '../../../common/contract';
import { channelBeforePage } from '../../machines/chat/io';
import { readMessagesEarly } from '../chat/early-messages';
import { Layout } from '../layout/Layout';
import { NotFound } from './NotFound';
import { useNavigationKey } from './navigation';

/** Each page's code, asked for once: by the app's first draw (AppRoutes) or by React.lazy on a navigation. */
const pageCode = new Map<ComponentType, () => Promise<ComponentType>>();

/**
 * A page in its own chunk. Once its code is here it is drawn directly; before that through React.lazy (a
 * navigation, which keeps the page before on screen meanwhile).
 */
const page = (load: () => Promise<ComponentType>) => {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const code = () => {
    loading ??= load().then((Loaded) => {
      loaded = Loaded;
      return Loaded;
    });
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await code() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at the module's start
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  pageCode.set(Page, code);
  return Page;
};

const Home = page(async () => (await import('../chat/ChatPage')).HomePage);
const Presentation = page(async () => (await import('../creation/PresentationPage')).PresentationPage);
const Flowchart = page(async () => (await import('../creation/FlowchartPage')).FlowchartPage);
const Image = page(async () => (await import('../creation/ImagePage')).ImagePage);
const CreationHub = page(async () => (await import('../creation/CreationHubPage')).CreationHubPage);
const ChatWithDoc = page(async () => (await import('../documents/ChatWithDocPage')).ChatWithDocPage);

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
  // A chunk that failed to load is asked for again next time.
  channelPage.catch(() => {
    channelPage = undefined;
  });
  return channelPage;
};

// The chat at the address the app was opened at, asked for at once beside the chunks above; its answer, when
// here before the chunks, is the page's first draw. Only there and once: a later navigation finds the app,
// the chat's actor and its cache already there.
let openedChat: Promise<ChannelDetail | null> | null = null;
let askedEarly = false;
function askForOpenedChat(channelId: string | undefined) {
  if (askedEarly) return;
  askedEarly = true;
  if (!channelId) return;
  // The device cache is read beside the server's answer, for the page's first draw.
  readMessagesEarly(channelId);
  openedChat = channelBeforePage(channelId, loadChannelPage()).catch(() => null);
}

/** The chat page's module and the early answer, once both are here (Channel below waits for them). */
let channel: { module: typeof import('../chat/ChatPage'); opened: ChannelDetail | null } | undefined;

function OpenedChannelPage() {
  const { module, opened } = channel as NonNullable<typeof channel>;
  // The early answer belongs to the address the app opened at, before any navigation (back there later, the
  // chat's actor has it).
  return <module.ChannelPage loaded={useNavigationKey() === 0 ? opened : null} />;
}

const Channel = page(async () => {
  const [module, opened] = await Promise.all([loadChannelPage(), openedChat]);
  channel = { module, opened };
  return OpenedChannelPage;
});

const CHAT = '/chat/:channelId';

// Patterns are matched whatever the letters' case, as React Router matched them.
const PAGES: [pattern: string, Page: ComponentType][] = [
  ['/', Home],
  // /home is home too (login attempts made there carry the gray-release header, see api/http.ts).
  ['/home', Home],
  // The mobile home: the same responsive page (the shell turns the sidebar into a drawer).
  ['/m/home', Home],
  [CHAT, Channel],
  ['/chatwithdoc', ChatWithDoc],
  // The mobile variant of chat-with-doc (the same responsive page).
  ['/m/chatwithdoc', ChatWithDoc],
  [
    '/workspace/:routeType?/:fileCategory?',
    page(async () => (await import('../documents/WorkspacePage')).WorkspacePage),
  ],
  ['/writing', page(async () => (await import('../writing/WritingPage')).WritingPage)],
  ['/share/:shareKey', page(async () => (await import('../shares/SharePage')).SharePage)],
  // A creation tool without a template type is the same tool with type "all".
  ['/creation/:type/Presentation', Presentation],
  ['/creation/Presentation', Presentation],
  ['/creation/:type/Flowchart', Flowchart],
  ['/creation/Flowchart', Flowchart],
  ['/creation/:type/Image', Image],
  ['/creation/Image', Image],
  // /creation/{template type}: the tools of that type; the discover pages show the same tools.
  ['/creation/:type', CreationHub],
  ['/discover/*?', CreationHub],
  ['/ppt', Presentation],
  [
    '/admin/analytics',
    page(async () => (await import('../analytics/AnalyticsAdminPage')).AnalyticsAdminPage),
  ],
  ['/logout', page(async () => (await import('../auth/LogoutPage')).LogoutPage)],
  ['/releasenote', page(async () => (await import('../landing/ReleaseNotesPage')).ReleaseNotesPage)],
  ['/terms/user', page(async () => (await import('../landing/TermsPage')).UserTermsPage)],
  ['/terms/privacy', page(async () => (await import('../landing/TermsPage')).PrivacyPage)],
  [
    '/oauth/google/callback',
    page(async () => (await import('../social-login/OAuthReturnPage')).GoogleLoginReturnPage),
  ],
  [
    '/oauth/apple/callback',
    page(async () => (await import('../social-login/OAuthReturnPage')).AppleLoginReturnPage),
  ],
  [
    '/oauth/google/drive',
    page(async () => (await import('../social-login/OAuthReturnPage')).DriveReturnPage),
  ],
];

/**
 * The leading language code and the page's address after it: /ar/chat/1 is ar and /chat/1. An address that is
 * a page as it stands has none (/chat/home is a chat, not home in a language "chat"); any other first segment
 * is taken for one, and Layout shows NotFound for a code that is no language (/nowhere).
 */
export function splitLanguage(path: string, parser: Parser): { lang?: string; page: string } {
  if (PAGES.some(([pattern]) => matchRoute(parser, pattern, path)[0])) return { page: path };
  const [, lang, ...rest] = path.split('/');
  return { lang, page: `/${rest.join('/')}` };
}

/**
 * Whether the app's first draw still waits for the code of the page it opened at. It waits here rather than under
 * Suspense: React 19 holds a boundary's content back until 300 ms after its fallback was drawn, so a first draw
 * that suspended (the fallback is nothing) showed the app's frame about 300 ms after its page's code had come
 * (bench/cache-open.ts, a chat's address: the frame 420-560 ms after navigation, the code there by 170 ms).
 */
function useFirstPageCode(parser: Parser, page: string): boolean {
  const [waiting, setWaiting] = useState<Promise<unknown> | null>(() => {
    const Page = PAGES.find(([pattern]) => matchRoute(parser, pattern, page)[0])?.[1];
    return Page ? (pageCode.get(Page)?.() ?? null) : null;
  });
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    // A chunk that failed to load is drawn through React.lazy, which hands its error to the error boundary.
    const drawn = () => live && setWaiting(null);
    waiting.then(drawn, drawn);
    return () => {
      live = false;
    };
  }, [waiting]);
  return waiting !== null;
}

/** The page of the open address, inside the app's layout. */
export function AppRoutes() {
  const { parser } = useRouter();
  const [pathname] = useLocation();
  // A navigation keeps the open page on screen until the next page's code is here, rather than a blank
  // screen meanwhile. The first draw waits for the page's code under the boot shell (useFirstPageCode).
  const path = useDeferredValue(pathname);
  const { lang, page } = splitLanguage(path, parser);
  askForOpenedChat(matchRoute(parser, CHAT, page)[1]?.channelId);
  // Nothing is drawn over the boot shell until then.
  if (useFirstPageCode(parser, page)) return null;
  return (
    // The fallback draws nothing, but is an element so that a fallback committed (the first draw suspended, and
    // React then holds the page until 300 ms after it) can be seen: the-app-draws-as-soon-as-its-page-code-is-here.
    <Suspense fallback={<span hidden data-page-code-waiting="" />}>
      {/* Addresses with and without a language are two trees, as they were two routes before. */}
      <Layout key={lang === undefined ? 'plain' : 'language'} lang={lang}>
        <Switch location={page}>
          {PAGES.map(([pattern, Page]) => (
            // Keyed by pattern: another pattern is another page (/home and / each draw a fresh home).
            <Route key={pattern} path={pattern}>
              <Page />
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Layout>
    </Suspense>
  );
}
