// Before the first paint: applies the theme kept on this device, so a dark page never flashes white, and
// tells index.html's boot shell what to show: the page's language (as src/i18n resolves it: the path's,
// then a provider return's, then the saved choice, then on a first visit the browser's), the page kind
// (home, chat or another), whether the desktop sidebar is collapsed and whether the composer has a microphone.
// Opened at a chat, it asks the server for that chat at once, with the stored token and the headers the app
// sends (src/api/http.ts), and draws its messages in the boot shell when they are plain text; the app takes
// that same answer for its first load of the chat (chatApi.prefetchChannel) instead of asking again. Meanwhile
// it reads the chat's last messages from the device's cache (the app's IndexedDB database) and draws those
// first when they are plain; the server's answer, when it comes before the app, wins. On a desktop it draws the
// sidebar's newest history rows from that cache, where the app's were last. The cache is drawn from only under
// the token it was last synced for (src/local/cache-owner.ts): never a previous account's chats.
// A classic script in <head>; src/ui/theme/theme.ts, src/i18n and src/api keep the same keys and attributes
// once the app runs.
/** The app's database, opened once for the boot shell's reads (the history's and the chat's), and how many run. */
let bootCache = null;
let bootCacheReaders = 0;
(() => {
  const read = (storage, key) => {
    try {
      return window[storage].getItem(key);
    } catch {
      // Storage refused (private mode): the defaults.
      return null;
    }
  };
  const saved = read('localStorage', 'parley.theme');
  const theme = ['light', 'dark', 'blue', 'green'].includes(saved) ? saved : 'system';
  const dark =
    theme === 'system'
      ? window.matchMedia?.('(prefers-color-scheme: dark)').matches === true
      : theme !== 'light';
  const root = document.documentElement;
  root.setAttribute('data-theme', theme === 'system' ? (dark ? 'dark' : 'light') : theme);
  root.classList.toggle('dark', dark);

  const languages = ['en', 'ar', 'zh', 'es'];
  const known = (code) => {
    const base = String(code ?? '')
      .toLowerCase()
      .split(/[-_]/)[0];
    return languages.includes(base) ? base : null;
  };
  const parts = location.pathname.split('/').slice(1);
  const fromPath = languages.includes(parts[0]) ? parts.shift() : null;
  const firstVisit = read('localStorage', 'parley.visited') === null;
  const language =
    fromPath ??
    known(read('sessionStorage', 'parley.returnLanguage')) ??
    known(read('localStorage', 'language')) ??
    (firstVisit ? (navigator.languages ?? []).map(known).find(Boolean) : null) ??
    'en';
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  const [first = '', second] = parts;
  const home = first === '' || first === 'home' || (first === 'm' && second === 'home');
  root.setAttribute('data-boot-page', home ? 'home' : first === 'chat' ? 'chat' : 'other');
  // The room the app's composer tools took on a chat at this width (src/ui/layout/boot-shell.ts).
  const [toolsWidth, toolsHeight] = String(read('localStorage', 'parley.bootTools')).split(':');
  if (Number(toolsWidth) === window.innerWidth && /^\d{1,3}$/.test(toolsHeight))
    root.style.setProperty('--boot-tools', `${toolsHeight}px`);
  if (read('localStorage', 'parley.sidebarCollapsed') === '1')
    root.setAttribute('data-boot-sidebar', 'collapsed');
  // The composer shows a microphone where speech can be recognised (canListen in src/ui/voice/voice-store.ts).
  if ('SpeechRecognition' in window || 'webkitSpeechRecognition' in window)
    root.setAttribute('data-boot-mic', '');

  const token = read('localStorage', 'authorization') ?? read('localStorage', 'guest-authorization');
  const owned = token !== null && read('localStorage', 'parley.cacheOwner') === cacheMark(token);
  const opened = first === 'chat' && second && parts.length <= 3 && !parts[2] ? decoded(second) : null;
  if (opened) bootChat(opened, language, owned);
  // The desktop sidebar's history; a phone's is a closed drawer, a collapsed sidebar's a popover.
  if (owned && !root.hasAttribute('data-boot-sidebar') && !window.matchMedia?.('(max-width: 767px)').matches)
    bootHistory(language, opened);
})();

/** A path segment as text, or null when it is not valid percent-encoding (a mistyped or cut address): the rest of
 * the boot shell still draws. */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The same mark of a token as src/local/cache-owner.ts (cyrb53): tells tokens apart without keeping one. */
function cacheMark(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** As many of the history's newest rows as the sidebar shows; the app reads as many first (History.tsx). */
const HISTORY_ROWS = 40;

/**
 * Draws the newest chats' titles in the boot sidebar, grouped by day as the app groups them, where the app's
 * history list was on this device's last visit in this language (src/ui/layout/boot-shell.ts keeps that place
 * and the day headings' words), so the app's rows land on the same boxes.
 */
function bootHistory(language, opened) {
  let place = null;
  try {
    const pointer = window.matchMedia('(pointer: coarse)').matches ? 'touch' : 'mouse';
    place = JSON.parse(localStorage.getItem(`parley.bootHistory.${pointer}`));
  } catch {
    return;
  }
  if (place?.lang !== language || !(place.top >= 0) || !(place.bottom >= 0) || !place.groups) return;
  return readCache(['channels'], (tx, done) => {
    const index = tx.objectStore('channels').index('updatedAt');
    // Newest first, and among equal times the greater id first, as Dexie's reverse() orders them: in one read
    // where the browser has getAllRecords (each step waits for this page's thread, busy with the app's code).
    if (index.getAllRecords) {
      index.getAllRecords({ direction: 'prev', count: HISTORY_ROWS }).onsuccess = (event) =>
        done(event.target.result.map((record) => record.value));
      return;
    }
    // Else in three: back from the newest to the fortieth, then every chat from its time on (more where times
    // are equal).
    const cursor = index.openKeyCursor(null, 'prev');
    let stepped = false;
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (at && !stepped) {
        stepped = true;
        return at.advance(HISTORY_ROWS - 1);
      }
      index.getAll(at ? IDBKeyRange.lowerBound(at.key) : null).onsuccess = (event) =>
        done(event.target.result.reverse().slice(0, HISTORY_ROWS));
    };
  })
    .then((list) => list?.length && whenParsed(() => drawBootHistory(list, place, opened)))
    .catch(() => {});
}

/** The rows as History.tsx and HistoryItem.tsx draw them, day headings as src/ui/layout/history-groups.ts. */
function drawBootHistory(list, place, opened) {
  const sidebar = document.querySelector('#boot .boot-sidebar');
  if (!sidebar) return;
  const dayOf = (time) => new Date(time).setHours(0, 0, 0, 0);
  const today = dayOf(Date.now());
  const groupOf = (updatedAt) => {
    const time = Date.parse(updatedAt);
    if (Number.isNaN(time)) return 'older';
    if (time >= today) return 'today';
    const days = Math.round((today - dayOf(time)) / 86_400_000);
    return days <= 1 ? 'yesterday' : days <= 7 ? 'week' : days <= 30 ? 'month' : 'older';
  };
  const el = (parent, tag, className, text) => {
    const node = document.createElement(tag);
    node.className = className;
    // Text only: titles are the user's (and the words the app kept), never markup.
    if (text !== undefined) node.textContent = String(text);
    parent.append(node);
    return node;
  };
  const box = el(sidebar, 'div', '');
  box.id = 'boot-history';
  box.style.top = `${place.top}px`;
  box.style.bottom = `${place.bottom}px`;
  const rows = el(box, 'ul', 'history-list');
  let group = null;
  for (const channel of list) {
    if (groupOf(channel.updatedAt) !== group) {
      group = groupOf(channel.updatedAt);
      el(el(rows, 'li', ''), 'h3', 'history-group-title', place.groups[group] ?? '');
    }
    const active = channel.channelId === opened;
    const item = el(el(rows, 'li', ''), 'div', active ? 'history-item active' : 'history-item');
    el(item, 'a', 'history-link', channel.channelName ?? '').dir = 'auto';
    // The opened chat's row shows its rename and delete buttons: their room, so its title is cut where the app's is.
    if (!active) continue;
    const actions = el(item, 'span', 'history-actions');
    for (const _ of [0, 1])
      el(el(actions, 'span', 'icon-button'), 'span', '').style.cssText =
        'display:inline-block;width:14px;height:14px';
  }
}

/** Asks for the chat the page was opened at and draws it in the boot shell; the app takes the answer. */
function bootChat(channelId, language, owned) {
  let token = null;
  let webId = null;
  try {
    token = localStorage.getItem('authorization') ?? localStorage.getItem('guest-authorization');
    webId = localStorage.getItem('parley.webId');
    if (token && !webId) {
      webId = crypto.randomUUID();
      localStorage.setItem('parley.webId', webId);
    }
  } catch {
    // Storage refused: the app asks for the chat itself, as without this script.
    return;
  }
  // No token yet: the app first gets one (a visit), then asks.
  if (!token || !webId) return;
  const response = fetch('/api/v1/chat/getChannel', {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      language,
      'Pop-Url': location.href,
      'App-Name': 'parley',
      'Device-Info': JSON.stringify({ webId, browserLanguage: navigator.language }),
      Authorization: token,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ channelId }),
    credentials: 'include',
  });
  // Read by src/api/boot-chat.ts, once, for this chat and this token.
  window.parleyBootChat = { channelId, token, at: Date.now(), response };
  let answered = false;
  response
    .then(async (answer) => {
      const body = answer.ok ? await answer.clone().json() : { code: answer.status };
      // A server error: the app shows the cached chat, so the boot shell keeps what it drew from the cache.
      if (!(body?.code < 500)) return;
      answered = true;
      // The server's chat, or nothing: never a cached one it did not confirm (deleted, another account's, changed).
      whenParsed(() => drawBootChat(body.code === 200 && body.data ? body.data : null));
    })
    // Offline, refused or not JSON: nothing more is drawn here; the app shows the chat as it always has.
    .catch(() => {});
  if (!owned) return;
  cachedChat(channelId)
    .then((detail) => detail && !answered && whenParsed(() => !answered && drawBootChat(detail)))
    .catch(() => {});
}

/** Runs `draw` once the parser has reached the boot shell (an answer may come before it has). */
function whenParsed(draw) {
  if (document.readyState === 'loading') document.addEventListener('readystatechange', draw, { once: true });
  else draw();
}

/** The boot shell draws this many of a chat's last messages (the app opens a chat at its end). */
const BOOT_MESSAGES = 12;

/**
 * Runs `read(tx, done)` in a read-only transaction over `stores` of the app's database (src/local/schema.ts: Dexie's
 * `parley`, read with IndexedDB itself); resolves with what `done` is given, or null. Never creates the database,
 * and closes it after the last read so the app's own opening (or upgrade) is never held up.
 */
function readCache(stores, read) {
  bootCacheReaders++;
  bootCache ??= new Promise((resolve) => {
    if (!window.indexedDB) return resolve(null);
    const open = indexedDB.open('parley');
    // No database on this device yet: none is made here (the app makes it with its own schema).
    open.onupgradeneeded = () => open.transaction.abort();
    open.onerror = () => resolve(null);
    open.onblocked = () => resolve(null);
    open.onsuccess = () => {
      open.result.onversionchange = () => open.result.close();
      resolve(open.result);
    };
  });
  return bootCache.then(
    (idb) =>
      new Promise((resolve) => {
        let finished = false;
        const done = (value) => {
          if (finished) return;
          finished = true;
          if (--bootCacheReaders > 0) return resolve(value);
          idb?.close();
          bootCache = null;
          resolve(value);
        };
        if (!idb || !stores.every((store) => idb.objectStoreNames.contains(store))) return done(null);
        const tx = idb.transaction(stores, 'readonly');
        tx.onerror = () => done(null);
        tx.onabort = () => done(null);
        read(tx, done);
      }),
  );
}

/** The chat's last messages as the device's cache holds them (tables `channels` and `messages`), in the shape the server answers, or null. */
function cachedChat(channelId) {
  return readCache(['channels', 'messages'], (tx, done) => {
    let channel = null;
    tx.objectStore('channels').get(channelId).onsuccess = (event) => {
      channel = event.target.result ?? null;
    };
    // Few steps, each waiting for this page's thread (busy with the app's code as it arrives): from the newest
    // message back past the twelve drawn, then every message from that one's time on, in one read. That is
    // one more than is drawn (so the boot shell knows the chat goes on above) and every message at the
    // same time as it (a question and its answer share one; only their roles order them).
    const index = tx.objectStore('messages').index('[channelId+createdAt]');
    const range = IDBKeyRange.bound([channelId, ''], [channelId, '\uffff']);
    const found = (event) => {
      const messages = event.target.result;
      // A document or slides chat is drawn by the app's own page; a plain chat only.
      if (channel?.channelType !== 'CHAT' || messages.length === 0) return done(null);
      done({ channel: { channelId, docEntries: null }, messages: inConversationOrder(messages) });
    };
    const from = (key) => (index.getAll(IDBKeyRange.bound(key, [channelId, '\uffff'])).onsuccess = found);
    // Where the browser has getAllRecords, the newest thirteen in one read; a second only when the thirteenth's
    // time is also the twelfth's (its question or answer may be further back).
    if (index.getAllRecords) {
      index.getAllRecords({ query: range, direction: 'prev', count: BOOT_MESSAGES + 1 }).onsuccess = (
        event,
      ) => {
        const records = event.target.result;
        const last = records[BOOT_MESSAGES];
        if (last && records[BOOT_MESSAGES - 1].key[1] === last.key[1]) return from(last.key);
        found({ target: { result: records.map((record) => record.value) } });
      };
      return;
    }
    const cursor = index.openKeyCursor(range, 'prev');
    let stepped = false;
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (at && !stepped) {
        stepped = true;
        return at.advance(BOOT_MESSAGES);
      }
      if (at) from(at.key);
      else index.getAll(range).onsuccess = found;
    };
  });
}

/** As src/local/channels.ts orders a chat: by time, and within one time the question before the answer. */
function inConversationOrder(list) {
  const role = (message) => ({ user: 0, assistant: 1 })[message.role] ?? 2;
  return list.sort(
    (a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) || role(a) - role(b),
  );
}

// What the boot shell draws of an answer: paragraphs, headings, one-level quotes and tight lists, with **strong**,
// *emphasis* and `code` marked between words. Anything else (code blocks, tables, links, pictures, citations,
// loose or nested lists, escapes, HTML, hard breaks) is drawn by the app's Markdown only: the boot shell then
// draws no message at all.
const INLINE =
  /(\*\*[^\s*\\[\]<>&_~|`@](?:[^*\n\\[\]<>&_~|`@]*[^\s*\\[\]<>&_~|`@])?\*\*|\*[^\s*\\[\]<>&_~|`@](?:[^*\n\\[\]<>&_~|`@]*[^\s*\\[\]<>&_~|`@])?\*|`[^`\s](?:[^`\n]*[^`\s])?`)/;
const MARKUP = /[\\[\]<>&_~|*`@#]|:\/\/|www\./i;
const OTHER_BLOCK = /^(?: {4}|\t)|^ {0,3}(?:[|=]|```|~~~|[-*_](?: *[-*_]){2,} *$)|(?: {2}|\\)$/;
const STARTS_BLOCK = /^ {0,3}(?:[#>]|[-*+](?: |$)|\d{1,9}[.)](?: |$))/;
const LIST_ITEM = /^([-*+]|(\d{1,9})[.)]) {1,4}(\S.*)$/;
const HEADING = /^(#{1,6}) +(\S(?:.*[^#\s])?)$/;

/** The text and marks of a run of text (text at even places, marks at odd ones), or null when it has more. */
function inlineParts(text) {
  const parts = text.split(INLINE);
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0 && MARKUP.test(parts[i])) return null;
    // A mark counts only between words: after a space, "(" or the start; before a space, punctuation or the end.
    if (i % 2 === 1 && (/[^\s(]$/.test(parts[i - 1]) || /^[^\s.,;:!?)]/.test(parts[i + 1]))) return null;
  }
  return parts;
}

/** An answer's blocks as Markdown draws them, or null when it holds anything the boot shell does not draw. */
function answerBlocks(text) {
  const blocks = [];
  let afterList = false;
  for (const chunk of text.trim().split(/\n[ \t]*\n/)) {
    const lines = chunk.split('\n');
    if (lines.some((line) => OTHER_BLOCK.test(line))) return null;
    const first = LIST_ITEM.exec(lines[0]);
    if (first) {
      // A list right after a list is loose (its items become paragraphs) or a new list: the app's to draw.
      if (afterList) return null;
      const items = [];
      for (const line of lines) {
        const item = LIST_ITEM.exec(line);
        if (!item || (item[2] === undefined) !== (first[2] === undefined)) return null;
        if (first[2] === undefined && item[1] !== first[1]) return null;
        const parts = inlineParts(item[3]);
        if (!parts) return null;
        items.push(parts);
      }
      blocks.push({ tag: first[2] === undefined ? 'ul' : 'ol', start: Number(first[2] ?? 1), items });
      afterList = true;
      continue;
    }
    afterList = false;
    const heading = HEADING.exec(lines[0]);
    const quote = lines.every((line) => line.startsWith('>'));
    const inner = quote ? lines.map((line) => line.replace(/^> ?/, '')) : lines;
    if (heading ? lines.length > 1 : inner.some((line) => !line.trim() || STARTS_BLOCK.test(line)))
      return null;
    const parts = inlineParts(heading ? heading[2] : inner.join('\n'));
    if (!parts) return null;
    blocks.push({ tag: heading ? `h${heading[1].length}` : quote ? 'blockquote' : 'p', parts });
  }
  return blocks;
}

/**
 * The chat's messages as the app draws them (MessageItem, Markdown), in place of any the boot shell drew before
 * (from the device's cache), when every one of them is plain; else (or for null) no chat at all.
 */
function drawBootChat(detail) {
  const page = document.querySelector('#boot .boot-page');
  if (!page) return;
  // Only while the boot shell stands: once the app has taken the drawn chat out of it, the app replaces it.
  page.querySelector('#boot-chat')?.remove();
  document.documentElement.removeAttribute('data-boot-chat');
  const messages = Array.isArray(detail?.messages) ? detail.messages : [];
  const docs = detail?.channel?.docEntries?.docs;
  if (messages.length === 0 || (Array.isArray(docs) && docs.length > 0)) return;
  // The app draws the last rows first (it opens a chat at its end); more than fit are not drawn here.
  const shown = messages.slice(-BOOT_MESSAGES);
  const paragraphs = [];
  for (const message of shown) {
    const text = typeof message.content === 'string' ? message.content : '';
    if (message.status !== 'done' || message.error || !text.trim()) return;
    if (message.role === 'user') continue;
    if (message.role !== 'assistant') return;
    const blocks = answerBlocks(text);
    if (!blocks) return;
    paragraphs.push(blocks);
  }
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  // The buttons under a message: their boxes only (the app draws the buttons themselves).
  const actions = (className) => {
    const row = el('div', className);
    const button = el('button', 'icon-button');
    button.type = 'button';
    button.disabled = true;
    button.tabIndex = -1;
    const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    icon.setAttribute('width', '16');
    icon.setAttribute('height', '16');
    button.append(icon);
    row.append(button);
    return row;
  };
  const inline = (target, parts) => {
    parts.forEach((part, i) => {
      if (i % 2 === 0) target.append(part);
      else if (part.startsWith('**')) target.append(el('strong', '', part.slice(2, -2)));
      else if (part.startsWith('*')) target.append(el('em', '', part.slice(1, -1)));
      else target.append(el('code', '', part.slice(1, -1)));
    });
    return target;
  };
  // Each block takes its own direction, as the app's Markdown draws it (dir="auto" per block).
  const own = (node) => {
    node.dir = 'auto';
    return node;
  };
  const block = ({ tag, parts, items, start }) => {
    if (tag === 'blockquote') return own(el(tag)).appendChild(inline(own(el('p')), parts)).parentNode;
    if (tag !== 'ul' && tag !== 'ol') return inline(own(el(tag)), parts);
    const list = own(el(tag));
    if (tag === 'ol' && start !== 1) list.start = start;
    for (const item of items) list.append(inline(own(el('li')), item));
    return list;
  };
  const list = el('div', 'boot-chat');
  list.id = 'boot-chat';
  let answer = 0;
  for (const message of shown) {
    const row = el('div', 'message-row');
    if (message.role === 'user') {
      const box = el('div', 'message user');
      const bubble = el('div', 'bubble', message.content);
      bubble.dir = 'auto';
      box.append(bubble, actions('message-actions user-actions'));
      row.append(box);
    } else {
      const box = el('div', 'message assistant');
      const body = el('div', 'answer');
      const markdown = el('div', 'markdown');
      markdown.dir = 'auto';
      markdown.append(...paragraphs[answer++].map(block));
      body.append(markdown);
      box.append(body, actions('message-actions'));
      row.append(box);
    }
    list.append(row);
  }
  if (shown.length < messages.length) list.classList.add('boot-chat-end');
  page.append(list);
  document.documentElement.setAttribute('data-boot-chat', '');
  // As the app opens a chat: at its last message, or its end when that fits (react-virtuoso's initial index).
  const last = list.lastElementChild;
  const atEnd = () => {
    list.scrollTop = Math.min(last.offsetTop, list.scrollHeight - list.clientHeight);
  };
  atEnd();
  // Drawn from the device cache, the chat can come before the app's stylesheet, which gives the page its height:
  // until then the list is as tall as its messages and cannot scroll, so it is scrolled again when that is here.
  for (const link of document.querySelectorAll('link[rel="stylesheet"]'))
    if (!link.sheet) link.addEventListener('load', atEnd, { once: true });
}
