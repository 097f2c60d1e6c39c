// npm run bench: every benchmark in turn. Figures go into the README by hand, with the machine they ran on.
import { printBundleSize } from './bundle-size';
import { benchCacheOpen } from './cache-open';
import { benchChunkJournal } from './chunk-journal';
import { benchDocCorpus } from './doc-corpus';
import { benchDocFirstAnswer } from './doc-first-answer';
import { benchLighthouse } from './lighthouse';
import { benchMd5Throughput } from './md5-throughput';
import { benchServerMemory } from './server-memory';
import { benchSseStreams } from './sse-streams';
import { benchWritingTyping } from './writing-typing';

await benchServerMemory();
await benchSseStreams();
await benchChunkJournal();
printBundleSize();
await benchLighthouse();
await benchWritingTyping();
await benchCacheOpen();
await benchMd5Throughput();
await benchDocFirstAnswer();
await benchDocCorpus();
