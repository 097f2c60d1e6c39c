// What src/local/db.ts loads after the app's first render: the Dexie database and the repositories and queue the
// start-up code reaches through cacheReady(), so Dexie's code is fetched once, in this chunk.
export { liveQuery } from 'dexie';
export { channels } from './channels';
export { forgetThisDevice } from './forget-device';
export { outbox } from './outbox';
export { db } from './schema';
export { endSession } from './session-end';
