import type { Resource } from './en';
import { en } from './en';
export const zh: Resource = en;
