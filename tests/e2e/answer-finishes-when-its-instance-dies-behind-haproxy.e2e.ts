// Two Parley instances on one PostgreSQL behind Debian's HAProxy, configured as docs/deploy.md shows: the
// instance streaming an answer is killed mid-answer and the user still sees the whole answer, once.
import pg from 'pg';
import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
import { type LoadBalancer, startHaproxy } from '../helpers/haproxy';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { cachedMessages, expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

const QUESTION = `Tell me about harbours and lighthouses: ${Array.from(
  { length: 60 },
  (_v, i) => `keeper${i % 5} lamp${i}`,
).join(' ')}`;

let postgres: TestPostgres;
let instances: ServerProcess[] = [];
let balancer: LoadBalancer;
let db: pg.Client;

test.beforeAll(async () => {
  // Two server processes start on a shared, busy machine.
  test.setTimeout(150_000);
  postgres = await startPostgres();
  const env = {
    DATABASE_URL: postgres.url,
    STATIC_DIR: `${process.cwd()}/dist`,
    TRUST_PROXY: '1',
    // About 8 s of answer, so the kill lands in the middle of it.
    OFFLINE_MODEL_CHUNK_DELAY_MS: '40',
    // A dead instance's answer is continued about 2 s after its last heartbeat.
    ANSWER_LEASE_MS: '1500',
  };
  instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  balancer = await startHaproxy(instances.map((instance) => instance.url));
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
});

test.afterAll(async () => {
  await db?.end();
  await balancer?.close();
  await Promise.all(instances.map((instance) => instance.close()));
  await postgres?.stop();
});

/** The instance whose lease the assistant's answer row names (`<pid>-<random>`). */
async function answerOwner(status: string): Promise<ServerProcess> {
  const { rows } = await db.query<{ lease_owner: string }>(
    "select lease_owner from messages where role = 'assistant' and status = $1",
    [status],
  );
  expect(rows).toHaveLength(1);
  const instance = instances.find((candidate) => rows[0].lease_owner.startsWith(`${candidate.pid()}-`));
  if (!instance) throw new Error(`no test instance owns the lease ${rows[0].lease_owner}`);
  return instance;
}

test('the instance streaming the answer is killed: the answer still finishes, every character once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openAsGuest(page, `${balancer.url}/`);
  await sendMessage(page, QUESTION);
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toContainText('keeper1 lamp11');
  await expect(answer).toHaveAttribute('data-status', 'streaming');

  const killed = await answerOwner('streaming');
  await killed.kill();

  await lastAnswerDone(page);
  const whole = composeOfflineAnswer([{ role: 'user', content: QUESTION }]);
  await expect
    .poll(async () =>
      (await cachedMessages(page)).filter((m) => m.role === 'assistant').map((m) => m.content),
    )
    .toEqual([whole]);
  await expect(answer.getByText('To get real AI answers')).toHaveCount(1);
  await expect(answer).toContainText('keeper4 lamp59');
  // Stored whole, finished by the instance that took it over.
  expect(await answerOwner('done')).not.toBe(killed);
  const { rows } = await db.query("select content from messages where role = 'assistant'");
  expect(rows).toEqual([{ content: whole }]);
});
