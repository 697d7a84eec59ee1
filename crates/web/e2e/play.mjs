// parlour serve, end to end in headless Chromium: every game played to the end by clicking
// against bots, a screenshot of each, two browsers at one table, a reload that keeps its seat,
// a replay stepped back and forth, and every WebSocket frame a seat received checked against
// what that seat may see. Along the way: seats named from each browser's side (only its own is
// "you"), every button labelled, log numbers of six digits unclipped, and Chexers' board
// coordinates and seat colours readable on a phone.
//
//   node play.mjs BASE_URL SCREENSHOT_DIR
//
// Exits 0 when every check passes; otherwise prints the failure and exits 1.

import { launch, check } from "./lib.mjs";

const base = process.argv[2].replace(/\/$/, "");
const shots = process.argv[3] || ".";
const only = process.argv[4]; // one game, when debugging

// A small seeded generator, so a failing run can be repeated.
let seed = 12345;
function random(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

async function json(path, options) {
  const r = await fetch(base + path, options);
  const body = await r.text();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${body}`);
  return JSON.parse(body);
}

/** A new table made in the lobby's form: seats "you", "person" or "bot:NAME". */
async function newTable(page, game, seats, { players, seed: dealSeed = 7 } = {}) {
  await page.goto(base + "/#/");
  await page.waitForSelector("form.new-table select[name=game]");
  await buttonsLabelled(page, "the lobby");
  await page.selectOption("select[name=game]", game);
  if (players) {
    await page.fill("input[name=players]", String(players));
    await page.dispatchEvent("input[name=players]", "change");
  }
  for (const [i, s] of seats.entries()) {
    await page.selectOption(`select[data-seat-kind="${i}"]`, s === "you" || s === "person" ? s : s);
  }
  // A table with two people is dealt from a random seed (null: the field is left empty).
  if (dealSeed !== null) await page.fill("input[name=seed]", String(dealSeed));
  await page.fill("input[name=pace]", "0");
  await page.click("[data-start]");
  if (seats.includes("person")) {
    await page.waitForSelector("[data-invite]");
    const links = await page.$$eval("[data-invite]", (els) => els.map((e) => e.value));
    await page.click("[data-goto]");
    await page.waitForSelector(".game");
    return links;
  }
  await page.waitForSelector(".game");
  return [];
}

/** Frames received over the page's WebSockets, parsed. */
function recordFrames(page) {
  const frames = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => {
      try {
        frames.push(JSON.parse(f.payload));
      } catch {
        frames.push({ unreadable: String(f.payload) });
      }
    });
  });
  return frames;
}

async function state(page) {
  return page.evaluate(() => ({
    seat: document.getElementById("app").dataset.seat,
    toAct: document.getElementById("app").dataset.toAct,
    decision: Number(document.getElementById("app").dataset.decision),
    table: document.getElementById("app").dataset.table,
  }));
}

/** Waits until it is this page's turn or the game is over; true when it is its turn. */
async function awaitTurn(page) {
  await page.waitForFunction(() => {
    const d = document.getElementById("app").dataset;
    return d.toAct === "over" || (d.seat !== undefined && d.toAct === d.seat && document.querySelector("[data-any-action]"));
  }, null, { timeout: 120000 });
  return (await state(page)).toAct !== "over";
}

async function legal(page) {
  return page.$$eval("[data-any-action]", (els) => els.map((e) => e.dataset.anyAction));
}

async function clickSel(page, selector) {
  const n = await page.$(selector);
  check(n, `nothing to click at ${selector}`);
  await n.click();
}

const css = (s) => s.replace(/["\\]/g, "\\$&");

/** Plays `action` the way a person would: through the game's own drawing, not the list. */
async function perform(page, game, action) {
  const byAction = `[data-action="${css(action)}"]`;
  if (game === "uno") {
    if (action.includes(":")) {
      await clickSel(page, `.hand [data-action="${css(action.split(":")[0])}"]`);
      await clickSel(page, `.picker ${byAction}`);
    } else {
      await clickSel(page, byAction);
    }
  } else if (game === "go") {
    await clickSel(page, byAction);
  } else if (game === "phased") {
    const [verb, ...rest] = action.split(" ");
    if (verb === "draw" || verb === "take") {
      await clickSel(page, byAction);
    } else if (verb === "lay") {
      const groups = rest.join(" ").split(" / ").map((g) => g.split(" "));
      const used = new Set();
      for (const [gi, cards] of groups.entries()) {
        await clickSel(page, `[data-group-button="${gi + 1}"]`);
        for (const c of cards) {
          const idx = await page.$$eval(`.hand svg[data-card="${c}"]`, (els) => els.map((e) => Number(e.dataset.index)));
          const free = idx.find((i) => !used.has(i));
          check(free !== undefined, `no ${c} left in the hand for ${action}`);
          used.add(free);
          await clickSel(page, `.hand svg[data-index="${free}"]`);
        }
      }
      await clickSel(page, "[data-lay]");
    } else if (verb === "add") {
      const [card, owner, group] = rest;
      await clickSel(page, `.hand svg[data-card="${card}"]`);
      await clickSel(page, `[data-group="${owner} ${group}"]`);
      if (await page.$(`.picker ${byAction}`)) await clickSel(page, `.picker ${byAction}`);
    } else if (verb === "discard") {
      await clickSel(page, `.hand svg[data-card="${rest[0]}"]`);
      await clickSel(page, "[data-discard]");
    } else {
      await clickSel(page, `.actions ${byAction}`);
    }
  } else if (game === "bo") {
    const m = action.match(/^((?:d\d\.\d:|s:)?([0-9AJQKZ][SCHDZ])) (b\d|d\d\.\d)$/);
    if (m) {
      const [, source, card, target] = m;
      if (source.startsWith("s:")) await clickSel(page, `[data-pile="s0"].playable`);
      else if (source.startsWith("d")) await clickSel(page, `[data-pile="${source.split(":")[0]}"].playable`);
      else await clickSel(page, `.hand svg[data-card="${card}"]`);
      await clickSel(page, `[data-pile="${target}"]${byAction}`);
    } else {
      await clickSel(page, `.actions ${byAction}`);
    }
  } else if (game === "chexers") {
    const m = action.match(/^(MOVE|JUMP|EXIT) \((-?\d),(-?\d)\)/);
    if (m) {
      await clickSel(page, `[data-hex="${m[2]},${m[3]}"]`);
      await clickSel(page, byAction);
    } else {
      await clickSel(page, `.actions ${byAction}`);
    }
  } else {
    await clickSel(page, byAction);
  }
}

/** Prefers moves that end a game sooner, so random play finishes in reasonable time. */
function choose(game, actions) {
  const prefer = {
    phased: (a) => a.startsWith("lay") || a.startsWith("add"),
    chexers: (a) => a.startsWith("EXIT") || a.startsWith("JUMP"),
    bo: (a) => / b\d$/.test(a),
    uno: (a) => a !== "draw",
  }[game];
  const good = prefer ? actions.filter(prefer) : [];
  const pool = good.length && random(4) !== 0 ? good : actions;
  return pool[random(pool.length)];
}

/** Plays this page's seat to the end of the game by clicking; returns how many moves it made. */
async function playToEnd(page, game, { onMove } = {}) {
  let moves = 0;
  while (await awaitTurn(page)) {
    const before = (await state(page)).decision;
    const actions = await legal(page);
    const action = choose(game, actions);
    await perform(page, game, action);
    await page.waitForFunction(
      (b) => Number(document.getElementById("app").dataset.decision) !== b || document.querySelector(".message")?.textContent,
      before,
      { timeout: 30000 },
    );
    const error = await page.$eval(".message", (e) => e.textContent);
    check(!error, `${game}: ${action} was refused: ${error}`);
    moves += 1;
    if (onMove) await onMove(moves);
  }
  return moves;
}

function sameJson(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every array of strings in a JSON value, sorted, as text. */
function arraysIn(value, out = new Set()) {
  if (Array.isArray(value)) {
    if (value.length && value.every((v) => typeof v === "string")) out.add(JSON.stringify([...value].sort()));
    value.forEach((v) => arraysIn(v, out));
  } else if (value && typeof value === "object") {
    Object.values(value).forEach((v) => arraysIn(v, out));
  }
  return out;
}

/**
 * The frames a seat received during a finished game against the game's true record: each view
 * before the end holds exactly that seat's observation and the public view, no other seat's
 * observation, and no other seat's hand anywhere in it.
 */
async function checkFrames(game, frames, table, seat) {
  const trace = await (await fetch(`${base}/api/tables/${table}/trace`)).text();
  const replay = await json("/api/replays", { method: "POST", body: trace });
  const at = new Map();
  let checked = 0;
  for (const f of frames) {
    check(!f.unreadable, `an unreadable frame: ${f.unreadable}`);
    if (f.type !== "view" || f.to_act === null) continue;
    if (!at.has(f.decision)) at.set(f.decision, await json(`/api/replays/${replay.replay}/${f.decision}`));
    const truth = at.get(f.decision);
    check(f.observations === null, `seat ${seat} was sent every seat's observation at decision ${f.decision}`);
    check(sameJson(f.observation, truth.observations[seat]), `seat ${seat}'s frame at decision ${f.decision} is not exactly its observation`);
    check(sameJson(f.public, truth.public), `seat ${seat}'s frame at decision ${f.decision} has more than the public view`);
    check(f.to_act === seat || f.legal.length === 0, `seat ${seat} was sent another seat's legal actions`);
    // Belt and braces: no other seat's hand anywhere in the frame, unless the same cards are
    // also something this seat sees (a short hand equal to a table group, say).
    const arrays = arraysIn(f);
    const seen = arraysIn([truth.observations[seat], truth.public]);
    truth.observations.forEach((o, s) => {
      const hand = o.hand && JSON.stringify([...o.hand].sort());
      if (s === seat || !hand || seen.has(hand)) return;
      check(!arrays.has(hand), `seat ${seat}'s frame at decision ${f.decision} holds seat ${s}'s hand`);
    });
    for (const e of f.log) {
      if (game === "go" && e.seat !== seat && e.action !== null && !e.action.startsWith("group")) {
        throw new Error(`seat ${e.seat}'s Go pick ${e.action} reached seat ${seat} in the log`);
      }
    }
    checked += 1;
  }
  check(checked > 0, `no frames of seat ${seat} were checked`);
  return checked;
}

/** Every button says what it does: visible text, or an aria-label when it shows only a symbol. */
async function buttonsLabelled(page, where) {
  const bare = await page.$$eval("button", (bs) =>
    bs
      .filter((b) => !/[\p{L}\p{N}]/u.test(b.textContent) && !(b.getAttribute("aria-label") || "").trim())
      .map((b) => b.outerHTML.slice(0, 120)),
  );
  check(bare.length === 0, `${where}: buttons with neither a text label nor an aria-label: ${bare.join(" ")}`);
}

/**
 * The log's decision numbers are not clipped: each number of three digits or more (the game's
 * own, and a six-digit probe entry added for the check) lies inside its box and the log's.
 * Returns how many of the game's own entries had three digits or more.
 */
async function logNumbersFit(page, game) {
  const r = await page.evaluate(() => {
    const log = document.querySelector(".log");
    const first = log?.querySelector("li");
    if (!first?.querySelector(".n")) return { error: "the log shows no decision numbers" };
    const probe = first.cloneNode(true);
    probe.dataset.decision = "123456";
    probe.querySelector(".n").textContent = "123456";
    log.append(probe);
    const outer = log.getBoundingClientRect();
    const bad = [];
    let long = 0;
    for (const li of log.querySelectorAll("li")) {
      const n = li.querySelector(".n");
      if (n.textContent !== li.dataset.decision) bad.push(`${n.textContent} for decision ${li.dataset.decision}`);
      if (n.textContent.length < 3) continue;
      if (li !== probe) long += 1;
      const range = document.createRange();
      range.selectNodeContents(n);
      const text = range.getBoundingClientRect();
      const box = n.getBoundingClientRect();
      const inside = text.left >= box.left - 0.5 && text.right <= box.right + 0.5 && text.left >= outer.left - 0.5 && text.right <= outer.right + 0.5;
      if (n.scrollWidth > n.clientWidth || !inside) bad.push(n.textContent);
    }
    probe.remove();
    return { bad: bad.slice(0, 5), long };
  });
  check(!r.error, `${game}: ${r.error}`);
  check(r.bad.length === 0, `${game}: log numbers clipped or wrong: ${r.bad.join(", ")}`);
  return r.long;
}

/**
 * Chexers on a phone: every coordinate label is drawn at 10 px or more, above any piece it
 * overlaps, and legible on an empty cell; each seat's coloured text has WCAG AA contrast
 * (4.5:1) against what is behind it.
 */
async function chexersReadable(page) {
  const r = await page.evaluate(() => {
    const rgba = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const lum = ([r, g, b]) => {
      const lin = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrast = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    // What is behind a node: its own and its ancestors' backgrounds, composited over white.
    const behind = (node) => {
      const layers = [];
      for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
        const c = rgba(getComputedStyle(n).backgroundColor);
        if (c && c[3] > 0) layers.push(c);
        if (c && c[3] >= 1) break;
      }
      let bg = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) bg = [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a)];
      return bg;
    };
    const labels = [...document.querySelectorAll("svg.board text.coord")];
    const pieces = [...document.querySelectorAll("svg.board .piece")];
    const sizes = labels.map((t) => {
      const m = t.getScreenCTM();
      return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    });
    const hidden = [];
    const faint = [];
    for (const t of labels) {
      const a = t.getBoundingClientRect();
      let covered = false;
      for (const p of pieces) {
        const b = p.getBoundingClientRect();
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        if (overlap) {
          covered = true;
          if (!(p.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)) hidden.push(t.textContent);
        }
      }
      if (!covered) {
        const cell = document.querySelector(`svg.board [data-hex="${t.textContent}"] .cell`);
        const ratio = cell ? contrast(rgba(getComputedStyle(t).fill), rgba(getComputedStyle(cell).fill)) : 0;
        if (ratio < 4.5) faint.push(`${t.textContent} ${ratio.toFixed(2)}`);
      }
    }
    const seats = [...document.querySelectorAll(".game [data-seat-colour]")].map((n) => {
      const ratio = contrast(rgba(getComputedStyle(n).color), behind(n));
      return { colour: n.dataset.seatColour, ratio };
    });
    return { count: labels.length, pieces: pieces.length, min: Math.min(...sizes), hidden, faint, seats, width: innerWidth };
  });
  check(r.count === 37, `chexers: ${r.count} coordinate labels, not 37`);
  check(r.pieces > 0, "chexers: no pieces drawn");
  check(r.min >= 10, `chexers: a coordinate label is ${r.min.toFixed(1)} px at a ${r.width} px wide viewport (under 10 px)`);
  check(r.hidden.length === 0, `chexers: pieces drawn over the labels ${r.hidden.join(" ")}`);
  check(r.faint.length === 0, `chexers: labels with contrast under 4.5 on their cells: ${r.faint.join(", ")}`);
  check(r.seats.length === 3, `chexers: ${r.seats.length} seat-coloured labels, not 3`);
  for (const s of r.seats) check(s.ratio >= 4.5, `chexers: ${s.colour}'s text has contrast ${s.ratio.toFixed(2)}, under 4.5`);
  return r;
}

/**
 * Seats named from this browser's side, watched on every change to the page (installed before
 * its scripts): only the seat it holds is "you" or has "your turn"; every other seat, in the
 * turn line, the seats shown, the hands, the log and the result, goes by its own name.
 * `window.__seatNames` collects what broke the rule, and the turn lines naming other seats.
 */
function watchSeatNames() {
  window.__seatNames = { wrong: [], others: [] };
  const look = () => {
    const app = document.getElementById("app");
    const me = app?.dataset.seat;
    if (me === undefined || me === "none" || !document.querySelector(".game")) return;
    const out = window.__seatNames;
    const wrong = (what) => out.wrong.length < 20 && out.wrong.push(what);
    const turn = document.querySelector(".status .turn");
    if (turn) {
      const t = turn.textContent;
      const who = app.dataset.toAct;
      if (/\byou to act\b/i.test(t)) wrong(`turn line: ${t}`);
      if (who !== undefined && who !== "over" && who !== me) {
        if (/\byour? /i.test(t)) wrong(`turn line for seat ${who}: ${t}`);
        if (out.others.length < 50 && !out.others.includes(`${who}:${t}`)) out.others.push(`${who}:${t}`);
      }
    }
    for (const n of document.querySelectorAll("[data-seat]:not(#app), [data-hand]")) {
      const seat = n.dataset.seat ?? n.dataset.hand;
      if (seat === me || seat === "") continue;
      const text = (n.querySelector(".name, .label, .entry") ?? n).textContent.replace(/^[\s·]+/, "");
      if (/^you\b/i.test(text)) wrong(`seat ${seat} shown as: ${text.slice(0, 60)}`);
    }
    const result = document.querySelector("[data-result] h2");
    if (result && !result.dataset.winners.split(" ").includes(me) && /\byou\b/i.test(result.textContent)) wrong(`result: ${result.textContent}`);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true });
}

/** What `watchSeatNames` saw on a page: nothing wrong, and `expect` naming seat `seat`'s turns. */
async function seatNamesRight(page, who, seat, expect) {
  const seen = await page.evaluate(() => window.__seatNames);
  check(seen, `${who}: the seat-name watcher did not run`);
  check(seen.wrong.length === 0, `${who}: seats named wrongly: ${seen.wrong.join(" | ")}`);
  const turns = seen.others.filter((t) => t.startsWith(`${seat}:`));
  check(turns.length > 0, `${who}: never saw seat ${seat + 1} to act`);
  check(turns.every((t) => t.includes(expect)), `${who}: seat ${seat + 1}'s turns are not shown as "${expect}": ${turns.join(" | ")}`);
  return turns.length;
}

const ESSENTIALS = {
  uno: [".hand svg.card", ".centre .pile svg.card"],
  go: [".discards", ".hand svg.card"],
  phased: [".discard-pile", ".hand svg.card"],
  bo: [".builds", ".bo-seat", ".hand svg.card"],
  chexers: ["svg.board", 'svg.board [data-hex="0,0"]'],
};

async function essentials(page, game) {
  for (const sel of ESSENTIALS[game]) check(await page.$(sel), `${game}: the table shows no ${sel}`);
  if (game === "chexers") check((await page.$$("svg.board .hex")).length === 37, "chexers: the board has not 37 hexes");
}

const browser = await launch();
const report = [];
try {
  // 0. The lobby seats each game's strongest bot, with its options, beside the person.
  {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(base + "/#/");
    await page.waitForSelector("form.new-table select[name=game]");
    const games = await json("/api/games");
    for (const g of games) {
      if (only && g.name !== only) continue;
      await page.selectOption("select[name=game]", g.name);
      const [name, ...options] = g.strongest.split(":");
      const kind = await page.$eval('select[data-seat-kind="1"]', (e) => e.value);
      const extra = await page.$eval('select[data-seat-kind="1"] + input', (e) => e.value);
      check(kind === `bot:${name}`, `${g.name}: seat 2 is ${kind}, not the strongest bot ${g.strongest}`);
      check(extra === options.join(":"), `${g.name}: seat 2's options are "${extra}", not those of ${g.strongest}`);
    }
    const uno = games.find((g) => g.name === "uno");
    check(uno && uno.strongest.includes("anchor=learned"), `uno's strongest bot is ${uno && uno.strongest}`);
    await context.close();
    report.push("the lobby seats each game's strongest bot");
  }

  // 1. Every game, played to the end by clicking, one person against bots.
  const lineups = {
    uno: ["you", "bot:random", "bot:random", "bot:heuristic"],
    go: ["you", "bot:random", "bot:random", "bot:random"],
    phased: ["you", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
    bo: ["you", "bot:random", "bot:random", "bot:random"],
    chexers: ["you", "bot:greedy", "bot:random"],
  };
  for (const [game, seats] of Object.entries(lineups)) {
    if (only && game !== only) continue;
    // Chexers on a narrow phone: its board's labels are checked at that size.
    const viewport = game === "chexers" ? { width: 390, height: 844 } : { width: 412, height: 915 };
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const frames = recordFrames(page);
    await newTable(page, game, seats);
    let reloaded = null;
    const moves = await playToEnd(page, game, {
      onMove: async (n) => {
        if (n === 1) {
          await essentials(page, game);
          await buttonsLabelled(page, `${game}'s table`);
          if (game === "chexers") await chexersReadable(page);
          await page.screenshot({ path: `${shots}/${game}.png`, fullPage: true });
        }
        // 3. Uno: a reload mid-game keeps the seat and the game.
        if (game === "uno" && n === 3 && !reloaded) {
          const before = await state(page);
          const hand = await page.$$eval(".hand svg.card", (els) => els.map((e) => e.dataset.card));
          await page.reload();
          await page.waitForFunction((d) => Number(document.getElementById("app").dataset.decision) >= d, before.decision);
          const after = await state(page);
          check(after.seat === "0" && after.table === before.table, `the reload lost the seat: ${JSON.stringify(after)}`);
          if (after.decision === before.decision) {
            const again = await page.$$eval(".hand svg.card", (els) => els.map((e) => e.dataset.card));
            check(sameJson(hand, again), "the reload changed the hand");
          }
          reloaded = after;
        }
      },
    });
    check(moves > 0, `${game}: no move was made by clicking`);
    await page.waitForSelector("[data-result]");
    await buttonsLabelled(page, `${game}'s finished table`);
    const long = await logNumbersFit(page, game);
    await page.screenshot({ path: `${shots}/${game}-end.png`, fullPage: true });
    const { table } = await state(page);
    const checked = await checkFrames(game, frames, table, 0);
    check(errors.length === 0, `${game}: the page raised ${errors.join("; ")}`);
    if (game === "uno") check(reloaded, "uno: the reload was not tried");
    report.push(`${game}: ${moves} moves by clicking, ${checked} frames checked, ${long} log numbers of 3+ digits fit`);

    // 4. A replay, stepped back and forth (Chexers' game, from its table's Replay button).
    if (game === "chexers") {
      await page.click("[data-replay]");
      await page.waitForSelector("main.replay[data-step]");
      await buttonsLabelled(page, "the replay");
      for (let i = 0; i < 5; i++) await page.click('[data-step="forward"]');
      await page.click('[data-step="back"]');
      await page.click('[data-step="back"]');
      await page.waitForSelector('main.replay[data-step="3"]');
      await page.fill('input[aria-label="jump to decision"]', "40");
      await page.dispatchEvent('input[aria-label="jump to decision"]', "change");
      await page.waitForSelector('main.replay[data-step="40"]');
      await page.selectOption('select[aria-label="view"]', "1");
      await page.click('[data-step="last"]');
      await page.waitForFunction(() => document.querySelector(".status").textContent.includes("the end"));
      await page.click('[data-step="first"]');
      await page.waitForSelector('main.replay[data-step="0"]');
      await page.screenshot({ path: `${shots}/replay.png`, fullPage: true });
      report.push("replay: stepped forwards, backwards, jumped, changed view");
    }
    await context.close();
  }

  // 2. Two browsers at one table (Comp10001-Go: hidden simultaneous picks), each its own seat.
  if (!only || only === "two") {
    const a = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const b = await browser.newContext({ viewport: { width: 412, height: 915 } });
    await a.addInitScript(watchSeatNames);
    await b.addInitScript(watchSeatNames);
    const pa = await a.newPage();
    const pb = await b.newPage();
    const fa = recordFrames(pa);
    const fb = recordFrames(pb);
    const links = await newTable(pa, "go", ["you", "person", "bot:random", "bot:random"], { seed: null });
    check(links.length === 1, "one invitation link");
    await pb.goto(links[0]);
    await pb.waitForSelector(".game");
    const sb = await state(pb);
    check(sb.seat === "1", `the invited browser holds seat ${sb.seat}`);
    const [ma, mb] = await Promise.all([playToEnd(pa, "go"), playToEnd(pb, "go")]);
    check(ma === 10 && mb === 10, `each person picked 10 times (${ma}, ${mb})`);
    const { table } = await state(pa);
    const ca = await checkFrames("go", fa, table, 0);
    const cb = await checkFrames("go", fb, table, 1);
    // The maker's seat, unnamed in the lobby, is "player 1" to the invited browser (never
    // "you"), and the invited person's is "guest 2" to the maker.
    const ta = await seatNamesRight(pa, "the maker's browser", 1, "guest 2 to act");
    const tb = await seatNamesRight(pb, "the invited browser", 0, "player 1 to act");
    await pa.screenshot({ path: `${shots}/two-browsers.png`, fullPage: true });
    report.push(`two browsers at one Go table: ${ma}+${mb} picks, ${ca}+${cb} frames checked, ${ta}+${tb} turn lines naming the other person`);
    await a.close();
    await b.close();
  }
  // 5. A tournament running with --serve: its standings page, and one of its games replayed.
  const watched = process.env.TOURNAMENT_URL;
  if (watched && (!only || only === "tournament")) {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await page.goto(`${watched}/#/tournament/w1`);
    await page.waitForSelector("table.standings tr[data-entry]");
    const entries = await page.$$eval("tr[data-entry]", (rows) => rows.map((r) => r.dataset.entry));
    check(entries.length >= 3, `the standings list ${entries.length} entries`);
    await page.waitForSelector("[data-open-game]");
    await buttonsLabelled(page, "the tournament");
    await page.screenshot({ path: `${shots}/tournament.png`, fullPage: true });
    await page.click("[data-open-game]");
    await page.waitForSelector("main.replay[data-step]");
    await page.click('[data-step="forward"]');
    await page.waitForSelector('main.replay[data-step="1"]');
    check(await page.$("svg.board"), "the tournament's Chexers game replays on the board");
    report.push(`tournament: ${entries.length} entries in the standings, a game replayed`);
    await page.close();
  }
  console.log(report.join("\n"));
} catch (e) {
  console.error(`FAILED: ${e.stack || e}`);
  console.log(report.join("\n"));
  await browser.close();
  process.exit(1);
}
await browser.close();
