// The test provider's webhook outbox: events are written to a table first and POSTed to Parley's webhook in
// order, signed, until Parley answers 2xx (so they survive a restart). One outbox per face (card, wallet).
import { and, asc, eq, isNull } from 'drizzle-orm';
import { BillingPaths } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { testpayOutbox } from '../../db/schema.js';
import { newId } from '../../ids.js';
import type { Logger } from '../../logger.js';
import type { BillingEvent } from './events.js';
import {
  type EventData,
  signTestpay,
  TESTPAY_SIGNATURE_HEADER,
  type TestpayEvent,
} from './testpay-events.js';

// One sequence for every outbox in the process: both faces share the table and its primary key.
let lastSeq = 0;
const nextSeq = () => {
  lastSeq = Math.max(Date.now() * 1000, lastSeq + 1);
  return lastSeq;
};

export function createTestpayOutbox(deps: {
  db: Database;
  /** The webhook path segment and the outbox rows' owner. */
  provider: string;
  secret: string;
  logger: Logger;
  selfUrl(): string | null;
}) {
  const { db } = deps;

  async function emit(type: BillingEvent['type'], data: EventData, at = Date.now()) {
    const event: TestpayEvent = { id: `evt_${newId()}`, type, created: at, data };
    await db.insert(testpayOutbox).values({
      seq: nextSeq(),
      provider: deps.provider,
      eventId: event.id,
      body: JSON.stringify(event),
    });
  }

  let flushing: Promise<void> | null = null;
  /** Delivers pending webhooks in order; stops at the first failure and retries on the next flush. */
  async function flush(): Promise<void> {
    if (flushing) return flushing.then(() => flush());
    flushing = (async () => {
      const base = deps.selfUrl();
      if (!base) return;
      const pending = await db
        .select()
        .from(testpayOutbox)
        .where(and(isNull(testpayOutbox.deliveredAt), eq(testpayOutbox.provider, deps.provider)))
        .orderBy(asc(testpayOutbox.seq));
      for (const row of pending) {
        let delivered = false;
        try {
          const response = await fetch(`${base}${BillingPaths.webhook}/${deps.provider}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              [TESTPAY_SIGNATURE_HEADER]: signTestpay(deps.secret, row.body),
            },
            body: row.body,
          });
          delivered = response.ok;
        } catch (error) {
          deps.logger.warn({ err: error, eventId: row.eventId }, 'test provider webhook not delivered');
        }
        await db
          .update(testpayOutbox)
          .set(
            delivered
              ? { deliveredAt: new Date(), attempts: row.attempts + 1 }
              : { attempts: row.attempts + 1 },
          )
          .where(eq(testpayOutbox.seq, row.seq));
        if (!delivered) break;
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return { emit, flush };
}
