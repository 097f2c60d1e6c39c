import { createContext } from 'react';
import type { LinkSource } from '../../../common/contract';

/** The web and academic sources of each answer of the open chat, by answer message id. */
export const LinkSourcesContext = createContext<Map<string, LinkSource[]> | null>(null);
