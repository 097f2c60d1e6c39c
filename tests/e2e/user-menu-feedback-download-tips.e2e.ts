import { expect, lastAnswerDone, logIn, openAsGuest, serverUrl, test } from './support/app';

const token = (page: import('@playwright/test').Page) =>
  page.evaluate(() => localStorage.getItem('authorization') ?? localStorage.getItem('guest-authorization'));

test('feedback from the user menu: an empty one is refused, a written one is stored for its author', async ({
  page,
  request,
}) => {
  await openAsGuest(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-feedback').click();
  const modal = page.getByTestId('feedback-modal');
  await modal.getByTestId('feedback-submit').click();
  await expect(modal.getByTestId('feedback-error')).toHaveText('Please write your feedback first.');

  await modal.getByTestId('feedback-category-problem').check();
  await modal.getByTestId('feedback-text').fill('  The history list jumps when a chat is renamed.  ');
  await expect(modal.getByTestId('feedback-error')).toHaveCount(0);
  await modal.getByTestId('feedback-submit').click();
  await expect(page.getByText('Thank you! Your feedback was sent.')).toBeVisible();
  await expect(modal).toHaveCount(0);

  const mine = await request.get(`${serverUrl()}/api/v1/user/feedback/mine`, {
    headers: { Authorization: (await token(page)) ?? '' },
  });
  expect((await mine.json()).data).toEqual([
    expect.objectContaining({
      category: 'problem',
      content: 'The history list jumps when a chat is renamed.',
      page: '/',
    }),
  ]);
});

test('the download modal is 1078 wide with the extension and both mobile apps', async ({ page }) => {
  await openAsGuest(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-download').click();
  const modal = page.getByTestId('download-modal');
  await expect(modal).toBeVisible();
  expect((await modal.boundingBox())?.width).toBe(1078);
  // The e2e server publishes only the extension: the other two say they are not published yet.
  await expect(modal.getByTestId('download-chromeExtension').getByRole('link')).toHaveAttribute(
    'href',
    'https://chromewebstore.google.com/detail/parley-e2e',
  );
  await expect(modal.getByTestId('download-ios-unset')).toContainText('App Store');
  await expect(modal.getByTestId('download-android-unset')).toContainText('Google Play');
  // The user menu lists only the links the operator set up.
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('quick-links').getByTestId('link-chromeExtension')).toBeVisible();
  await expect(page.getByTestId('quick-links').locator('a')).toHaveCount(1);
});

test('the sidebar footer is one row at 1366x768: links, language and log out are in the user menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAsGuest(page);
  const footer = page.locator('.sidebar-footer');
  await expect(footer.getByTestId('open-login')).toBeVisible();
  await expect(footer.getByTestId('language-select')).toHaveCount(0);
  await expect(footer.getByTestId('quick-links')).toHaveCount(0);
  // Upgrade and the account row: the footer took 283 px when each item had its own line.
  expect((await footer.boundingBox())?.height).toBeLessThanOrEqual(110);
  await logIn(page, `footer-${Date.now()}@example.com`);
  await expect(footer.getByTestId('logout')).toHaveCount(0);
  expect((await footer.boundingBox())?.height).toBeLessThanOrEqual(110);
  await footer.getByTestId('user-menu').click();
  await expect(page.getByTestId('language-select')).toContainText('English');
  await expect(page.getByTestId('quick-links')).toBeVisible();
  await expect(page.getByTestId('logout')).toBeVisible();
  // Icon-only buttons name themselves in a tooltip on hover and keyboard focus.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('logout')).toHaveCount(0);
  await page.getByTestId('sidebar-toggle').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Collapse sidebar');
});

test('the sidebar feature menu routes to each feature and tips stay closed after a reload', async ({
  page,
  request,
}) => {
  await openAsGuest(page);
  await logIn(page, 'tips@example.com');
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');

  const writingTip = page.getByTestId('tip-writingFeature');
  const workspaceTip = page.getByTestId('tip-workspaceFeature');
  await expect(writingTip).toBeVisible();
  await writingTip.getByTestId('tip-writingFeature-close').click();
  await expect(writingTip).toHaveCount(0);
  // One tip at a time: the next one takes its place.
  await expect(workspaceTip).toBeVisible();

  await page.reload();
  await expect(workspaceTip).toBeVisible();
  await expect(writingTip).toHaveCount(0);

  // Closed on the server too: with the browser's memory of it gone, the server still says closed.
  await page.evaluate(() => localStorage.removeItem('feature-tips'));
  await page.reload();
  await expect(workspaceTip).toBeVisible();
  await expect(writingTip).toHaveCount(0);
  const tips = await request.post(`${serverUrl()}/api/v1/user/tips`, {
    headers: { Authorization: (await token(page)) ?? '' },
    data: {},
  });
  const values = Object.fromEntries(
    ((await tips.json()).data.userTips as { tag: string; value: number }[]).map((t) => [t.tag, t.value]),
  );
  expect(values).toMatchObject({ writingFeature: 0, workspaceFeature: 1 });

  // The screens behind these items belong to their own areas: the menu's job is to route there.
  for (const [item, path] of [
    ['docChat', '/chatwithdoc'],
    ['presentation', '/creation/all/Presentation'],
    ['writing', '/writing'],
    ['workspace', '/workspace/uploaded/all'],
  ]) {
    await expect(page.getByTestId(`feature-${item}`)).toHaveAttribute('href', path);
  }
  await page.getByTestId('feature-workspace').click();
  await expect(page).toHaveURL(/\/workspace\/uploaded\/all$/);
  // More holds the other creation tools.
  await page.getByTestId('feature-more').click();
  await page.getByTestId('feature-flowchart').click();
  await expect(page).toHaveURL(/\/creation\/all\/Flowchart$/);
});

test('a session revoked elsewhere: the next call drops to guest and offers the login again', async ({
  page,
  request,
}) => {
  await openAsGuest(page);
  await logIn(page, 'revoked@example.com');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-connector-tab').click();
  const notion = page.getByTestId('connector-NOTION');
  await expect(notion).toBeVisible();
  const revoke = await request.post(`${serverUrl()}/api/v1/auth/signout`, {
    headers: { Authorization: (await token(page)) ?? '' },
  });
  expect(revoke.ok()).toBe(true);

  await notion.getByRole('button').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('auth-state')).toHaveText('Guest');
  expect(await page.evaluate(() => localStorage.getItem('authorization'))).toBeNull();
});

/**
 * Stand-ins for the browser's speech services. Chromium's recogniser sends audio to Google's servers (and
 * Debian's build has no key for them), and its voices come from the system; neither exists here, so the page
 * gets a recogniser that "hears" a fixed question and a reader that takes 150 ms per piece.
 */
function installSpeechStandIns(heard: string) {
  type Listener = ((event: unknown) => void) | null;
  const voice = { langs: [] as string[], spoken: [] as { text: string; lang: string }[], cancelled: 0 };
  (window as unknown as { __voice: typeof voice }).__voice = voice;
  const results = (list: [string, boolean][]) =>
    list.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal }));
  class StandInRecognition {
    lang = '';
    continuous = false;
    interimResults = false;
    onresult: Listener = null;
    onerror: Listener = null;
    onend: (() => void) | null = null;
    start() {
      voice.langs.push(this.lang);
      const words = heard.split(' ');
      const half = words.slice(0, Math.ceil(words.length / 2)).join(' ');
      setTimeout(() => this.onresult?.({ results: results([[half, false]]) }), 150);
      setTimeout(() => this.onresult?.({ results: results([[heard, true]]) }), 400);
    }
    stop() {
      setTimeout(() => this.onend?.(), 50);
    }
    abort() {
      this.onerror?.({ error: 'aborted' });
      this.onend?.();
    }
  }
  (window as unknown as { SpeechRecognition: unknown }).SpeechRecognition = StandInRecognition;
  let queue: SpeechSynthesisUtterance[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const utterance = queue[0];
    if (!utterance) return;
    voice.spoken.push({ text: utterance.text, lang: utterance.lang });
    timer = setTimeout(() => {
      queue.shift();
      utterance.onend?.(new Event('end') as SpeechSynthesisEvent);
      next();
    }, 150);
  };
  Object.defineProperty(window, 'speechSynthesis', {
    value: {
      getVoices: () => [],
      speak(utterance: SpeechSynthesisUtterance) {
        queue.push(utterance);
        if (queue.length === 1) next();
      },
      cancel() {
        voice.cancelled++;
        clearTimeout(timer);
        const current = queue[0];
        queue = [];
        current?.onerror?.(
          Object.assign(new Event('error'), { error: 'interrupted' }) as SpeechSynthesisErrorEvent,
        );
      },
    },
  });
}

test.describe('the voice assistant on a phone, in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a spoken question is written into the composer, its answer read aloud, then feedback is asked once', async ({
    page,
    request,
  }) => {
    await page.addInitScript(installSpeechStandIns, 'ما هي عاصمة فرنسا؟');
    await openAsGuest(page, '/ar');
    const mic = page.getByTestId('dictation');
    await expect(mic).toHaveAccessibleName('انطق سؤالك');
    await page.getByTestId('composer-input').fill('سؤال:');
    await mic.tap();
    await expect(mic).toHaveAttribute('aria-pressed', 'true');
    // The words recognised so far appear after what was typed, then the whole question.
    await expect(page.getByTestId('composer-input')).toHaveValue('سؤال: ما هي');
    await expect(page.getByTestId('composer-input')).toHaveValue('سؤال: ما هي عاصمة فرنسا؟');
    await mic.tap();
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('composer-input')).toHaveValue('سؤال: ما هي عاصمة فرنسا؟');
    expect(
      await page.evaluate(() => (window as unknown as { __voice: { langs: string[] } }).__voice.langs),
    ).toEqual(['ar-SA']);
    await page.getByTestId('send').tap();

    const answer = await lastAnswerDone(page);
    // Read aloud once complete, then the feedback question.
    const modal = page.getByTestId('voice-feedback-modal');
    await expect(modal).toBeVisible({ timeout: 30_000 });
    await expect(modal).toContainText('كيف كانت تجربة التحدث مع Parley؟');
    await expect(modal).toBeInViewport({ ratio: 1 });
    const spoken = await page.evaluate(
      () => (window as unknown as { __voice: { spoken: { text: string }[] } }).__voice.spoken,
    );
    const answerText = ((await answer.locator('.answer').textContent()) ?? '').replace(/\s+/g, ' ').trim();
    expect(spoken.length).toBeGreaterThan(0);
    expect(answerText).toContain(spoken[0].text.replace(/\s+/g, ' ').slice(0, 20));

    await modal.getByTestId('voice-feedback-submit').tap();
    await expect(modal.getByTestId('voice-feedback-error')).toHaveText('اختر الإعجاب أو عدم الإعجاب أولًا.');
    await modal.getByText('ليست جيدة').tap();
    await modal.getByTestId('voice-reason-misheard').check();
    await modal.getByTestId('voice-feedback-text').fill('سمع «باريس» خطأ');
    await modal.getByTestId('voice-feedback-submit').tap();
    await expect(page.getByText('شكرًا لإخبارنا.')).toBeVisible();
    await expect(modal).toHaveCount(0);
    const mine = await request.get(`${serverUrl()}/api/v1/user/feedback/mine`, {
      headers: { Authorization: (await token(page)) ?? '' },
    });
    expect((await mine.json()).data).toEqual([
      expect.objectContaining({
        category: 'voice',
        rating: 'bad',
        reasons: ['misheard'],
        content: 'سمع «باريس» خطأ',
      }),
    ]);

    // The next spoken exchange is read aloud too, but not asked about again (asked at most once a fortnight).
    await mic.tap();
    await expect(page.getByTestId('composer-input')).toHaveValue('ما هي عاصمة فرنسا؟');
    await page.getByTestId('send').tap();
    await expect(page.getByTestId('message-assistant')).toHaveCount(2);
    const spokenBefore = spoken.length;
    await lastAnswerDone(page);
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __voice: { spoken: unknown[] } }).__voice.spoken.length),
      )
      .toBeGreaterThan(spokenBefore);
    // Give the reading time to end (150 ms a piece): no question follows it.
    await page.waitForTimeout(2000);
    await expect(modal).toHaveCount(0);
  });
});

test("read aloud on a typed question's answer starts and stops on request, and asks nothing", async ({
  page,
}) => {
  await page.addInitScript(installSpeechStandIns, 'unused');
  await openAsGuest(page);
  await page.getByTestId('composer-input').fill('Explain photosynthesis in detail, please.');
  await page.getByTestId('send').click();
  const answer = await lastAnswerDone(page);
  const button = answer.getByTestId('read-aloud');
  // A typed question's answer is not read by itself.
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(
    await page.evaluate(() => (window as unknown as { __voice: { spoken: unknown[] } }).__voice.spoken),
  ).toEqual([]);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveAccessibleName('Stop reading');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  const voice = await page.evaluate(
    () => (window as unknown as { __voice: { spoken: { lang: string }[]; cancelled: number } }).__voice,
  );
  expect(voice.spoken[0].lang).toBe('en-US');
  expect(voice.cancelled).toBeGreaterThan(0);
  await expect(page.getByTestId('voice-feedback-modal')).toHaveCount(0);
});
