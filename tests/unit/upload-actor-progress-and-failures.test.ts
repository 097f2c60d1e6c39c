import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { type CreatedDocument, multiDocLimit, UploadStatus } from '../../common/contract';
import { ApiError } from '../../src/api/http';
import { documentsUploadMachine } from '../../src/machines/documents-upload.machine';
import { type UploadEvent, uploadMachine } from '../../src/machines/upload.machine';

const parsed: CreatedDocument = {
  md5: 'a'.repeat(32),
  fileName: 'report.pdf',
  fileType: 'pdf',
  fileContentType: 'application/pdf',
  topic: 'Quarterly report',
  language: 'en',
  page_count: 3,
  parseStatus: 1,
};

/** The actor with its network replaced by handles the test drives. */
function harness(parse: () => Promise<CreatedDocument> = async () => parsed) {
  const control = { sendBack: (_: UploadEvent) => {}, started: 0, aborted: 0 };
  const machine = uploadMachine.provide({
    actors: {
      send: fromCallback<UploadEvent, { file: File }>(({ sendBack }) => {
        control.started++;
        control.sendBack = sendBack;
        return () => {
          control.aborted++;
        };
      }),
      parse: fromPromise(parse),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  const state = () => actor.getSnapshot().context;
  return { actor, control, state };
}

const file = () => new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' });

describe('upload actor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rises by 1 every 100 ms while uploading and stops at 99, never 100 before the end', () => {
    const { actor, state } = harness();
    expect(state().uploadStatus).toBe(UploadStatus.BeforeUpload);
    actor.send({ type: 'UPLOAD', file: file() });
    expect(state().uploadStatus).toBe(UploadStatus.Uploading);
    vi.advanceTimersByTime(99);
    expect(state().uploadProgress).toBe(0);
    vi.advanceTimersByTime(1);
    expect(state().uploadProgress).toBe(1);
    vi.advanceTimersByTime(900);
    expect(state().uploadProgress).toBe(10);
    vi.advanceTimersByTime(60_000);
    expect(state().uploadProgress).toBe(99);
  });

  it('a real progress value replaces the timer only when higher', () => {
    const { actor, control, state } = harness();
    actor.send({ type: 'UPLOAD', file: file() });
    vi.advanceTimersByTime(1000);
    control.sendBack({ type: 'PROGRESS', percent: 55.7 });
    expect(state().uploadProgress).toBe(55);
    control.sendBack({ type: 'PROGRESS', percent: 30 });
    expect(state().uploadProgress).toBe(55);
    vi.advanceTimersByTime(100);
    expect(state().uploadProgress).toBe(56);
    control.sendBack({ type: 'PROGRESS', percent: 100 });
    expect(state().uploadProgress).toBe(99);
  });

  it('parses after the upload and ends in Success with 100 and the file facts', async () => {
    const { actor, control, state } = harness();
    actor.send({ type: 'UPLOAD', file: file() });
    control.sendBack({ type: 'SENT', result: { md5: parsed.md5, instant: true } });
    expect(state().uploadStatus).toBe(UploadStatus.Parsing);
    await vi.runAllTimersAsync();
    expect(state()).toMatchObject({
      uploadStatus: UploadStatus.Success,
      uploadProgress: 100,
      md5: parsed.md5,
      instant: true,
      fileExtraInfo: { topic: 'Quarterly report', language: 'en', page_count: 3 },
    });
  });

  it('while parsing, shows the page the server reads without a text layer, and forgets it after', async () => {
    let finish: (document: CreatedDocument) => void = () => {};
    const polled: string[] = [];
    const machine = uploadMachine.provide({
      actors: {
        send: fromCallback<UploadEvent, { file: File }>(({ sendBack }) => {
          sendBack({ type: 'SENT', result: { md5: parsed.md5, instant: false } });
        }),
        parse: fromPromise(() => new Promise<CreatedDocument>((resolve) => (finish = resolve))),
        parseProgress: fromCallback<UploadEvent, { md5: string }>(({ input, sendBack }) => {
          polled.push(input.md5);
          sendBack({ type: 'PARSE_PROGRESS', progress: { page: 12, pages: 40 } });
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'UPLOAD', file: file() });
    expect(actor.getSnapshot().context).toMatchObject({
      uploadStatus: UploadStatus.Parsing,
      parseProgress: { page: 12, pages: 40 },
    });
    expect(polled).toEqual([parsed.md5]);
    finish(parsed);
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().context).toMatchObject({
      uploadStatus: UploadStatus.Success,
      parseProgress: null,
    });
  });

  it('any failure goes to Failed with progress 0 and the error kept; retry sends again', async () => {
    const { actor, control, state } = harness();
    actor.send({ type: 'UPLOAD', file: file() });
    vi.advanceTimersByTime(2000);
    control.sendBack({ type: 'SEND_FAILED', error: new ApiError('network', 'offline') });
    expect(state()).toMatchObject({ uploadStatus: UploadStatus.Failed, uploadProgress: 0 });
    expect(state().uploadError).toMatchObject({ stage: 'upload', network: true });
    vi.advanceTimersByTime(1000);
    expect(state().uploadProgress).toBe(0);
    actor.send({ type: 'RETRY' });
    expect([state().uploadStatus, control.started]).toEqual([UploadStatus.Uploading, 2]);
  });

  it('a refused parse (1002) fails with its code and the server message', async () => {
    const refusal = new ApiError('envelope', 'File type unsupported', 1002, 200, {
      code: 1002,
      msg: 'File type unsupported',
      data: null,
    });
    const { actor, control, state } = harness(() => Promise.reject(refusal));
    actor.send({ type: 'UPLOAD', file: file() });
    control.sendBack({ type: 'SENT', result: { md5: parsed.md5, instant: false } });
    await vi.runAllTimersAsync();
    expect(state().uploadStatus).toBe(UploadStatus.Failed);
    expect(state().uploadError).toMatchObject({
      stage: 'parse',
      code: 1002,
      message: 'File type unsupported',
    });
  });

  it('cancel aborts and returns to BeforeUpload keeping the file; reset aborts and clears it', () => {
    const { actor, control, state } = harness();
    actor.send({ type: 'UPLOAD', file: file() });
    vi.advanceTimersByTime(500);
    actor.send({ type: 'CANCEL' });
    expect([state().uploadStatus, state().uploadProgress, control.aborted]).toEqual([0, 0, 1]);
    expect(state().file?.name).toBe('report.pdf');
    vi.advanceTimersByTime(500);
    expect(state().uploadProgress).toBe(0);

    actor.send({ type: 'UPLOAD', file: file() });
    actor.send({ type: 'RESET' });
    expect([state().uploadStatus, state().file, control.aborted]).toEqual([0, null, 2]);
  });
});

describe('several files at once', () => {
  it('keeps at most the multi-doc limit and says how many were left out', () => {
    const machine = documentsUploadMachine.provide({
      actors: {
        upload: uploadMachine.provide({
          actors: { send: fromCallback(() => () => {}), parse: fromPromise(async () => parsed) },
        }),
      },
    });
    const actor = createActor(machine, { input: { limit: 2 } }).start();
    actor.send({ type: 'ADD', files: [file(), file(), new File(['c'], 'third.pdf')] });
    const { items, leftOut } = actor.getSnapshot().context;
    expect([items.length, leftOut]).toEqual([2, ['third.pdf']]);
    expect(items[0]?.ref.getSnapshot().context.uploadStatus).toBe(UploadStatus.Uploading);
    actor.send({ type: 'REMOVE', id: items[0]?.id as string });
    actor.send({ type: 'ADD', files: [file()] });
    expect(actor.getSnapshot().context.items.length).toBe(2);
  });

  it('the limit is 20 for pro, 2 for other members, and 2 or 20 for guests by the flag', () => {
    expect(multiDocLimit({ isLogin: true, isPro: true }, true)).toBe(20);
    expect(multiDocLimit({ isLogin: true, isPro: false }, false)).toBe(2);
    expect(multiDocLimit({ isLogin: false, isPro: false }, true)).toBe(2);
    expect(multiDocLimit({ isLogin: false, isPro: false }, false)).toBe(20);
  });
});
