import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from '../shell/Shell';
import { NotFound } from './NotFound';

// Each page is its own chunk: the bundle is split by route.
const pages: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../chat/ChatPage')).HomePage }) },
  {
    path: 'chat/:channelId',
    lazy: async () => ({ Component: (await import('../chat/ChatPage')).ChannelPage }),
  },
  { path: '*', Component: NotFound },
];

export const createRouter = () =>
  createBrowserRouter([
    { path: '/', Component: Shell, children: pages },
    // The same pages under an optional leading language code (/ar, /zh/chat/...); Shell checks the code.
    { path: '/:lang', Component: Shell, children: pages },
  ]);
