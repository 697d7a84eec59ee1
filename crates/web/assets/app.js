// parlour's front end: the lobby, a table (to play or watch), and replays. Pages are chosen by
// the address's #fragment, so a reload or a shared link lands on the same page:
//   #/                       the lobby
//   #/table/ID[?token=T]     a table: a seat with its token (kept in this browser), else watching
//   #/replay/ID[?step=N]     a recorded game
//   #/tournament/ID          a tournament's standings, live while it runs
//   #/live/ID                a league's match in play, as every seat sees it (a league serves it)

import { el, render } from "./games.js";

const app = document.getElementById("app");

async function api(path, options = {}) {
  const r = await fetch(path, options);
  const body = await r.json().catch(() => ({ error: `${r.status} ${r.statusText}` }));
  if (!r.ok) throw new Error(body.error || `${r.status}`);
  return body;
}

function route() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean);
  teardown();
  if (parts[0] === "table" && parts[1]) return tablePage(parts[1], params);
  if (parts[0] === "replay" && parts[1]) return replayPage(parts[1], params);
  if (parts[0] === "tournament" && parts[1]) return tournamentPage(parts[1]);
  if (parts[0] === "live" && parts[1]) return livePage(parts[1]);
  return lobby();
}

let cleanups = [];
function teardown() {
  cleanups.forEach((f) => f());
  cleanups = [];
}

function header(title) {
  return el("header", {}, [el("a", { href: "#/", class: "brand", text: "parlour" }), el("h1", { text: title })]);
}

// ------------------------------------------------------------------ lobby

async function lobby() {
  app.replaceChildren(header("Lobby"));
  const main = el("main", { class: "lobby" });
  app.append(main);
  let games;
  try {
    games = await api("/api/games");
  } catch (e) {
    main.append(el("p", { class: "error", text: `Cannot reach the server: ${e.message}` }));
    return;
  }
  const form = el("form", { class: "new-table", "aria-label": "new table" });
  const gameSel = el("select", { name: "game", "aria-label": "game" });
  for (const g of games) gameSel.append(el("option", { value: g.name, text: g.title }));
  const variantSel = el("select", { name: "variant", "aria-label": "variant" });
  const players = el("input", { type: "number", name: "players", min: 2, max: 10, "aria-label": "players" });
  const seed = el("input", { type: "number", name: "seed", min: 0, placeholder: "random", "aria-label": "seed" });
  const pace = el("input", { type: "number", name: "pace", min: 0, max: 10000, value: 600, "aria-label": "pace (ms)" });
  const options = el("input", { type: "text", name: "options", placeholder: "more options: key=value, …", "aria-label": "options" });
  const seatsBox = el("div", { class: "seats-editor" });
  const error = el("p", { class: "error" });
  const created = el("div", { class: "created" });

  const current = () => games.find((g) => g.name === gameSel.value);
  // keep: the seats chosen so far stay (a new number of players); a new game starts afresh, its
  // bots and their options being its own.
  function drawSeats(keep) {
    const g = current();
    const n = Math.max(g.min_players, Math.min(g.max_players, Number(players.value) || g.players));
    const old = keep ? [...seatsBox.querySelectorAll(".seat-row")].map((r) => [r.querySelector("select").value, r.querySelector("input").value]) : [];
    seatsBox.replaceChildren();
    for (let s = 0; s < n; s++) {
      const kind = el("select", { "aria-label": `seat ${s + 1}`, "data-seat-kind": s });
      kind.append(el("option", { value: "you", text: "you" }), el("option", { value: "person", text: "a person (invite link)" }));
      for (const b of g.bots) kind.append(el("option", { value: `bot:${b.name}`, text: `bot: ${b.name}` }));
      for (const name of g.entries || []) kind.append(el("option", { value: `entry:${name}`, text: `bots file: ${name}` }));
      const extra = el("input", { type: "text" });
      // The game's strongest bot ("ismcts:anchor=learned:z=1": a name and its options).
      const [bestName, ...bestOptions] = (g.strongest || "").split(":");
      const strongest = g.bots.find((b) => b.name === bestName) || g.bots.find((b) => b.name === "ismcts") || g.bots[0];
      const strongestOptions = strongest.name === bestName ? bestOptions.join(":") : "";
      kind.value = old[s]?.[0] ?? (s === 0 ? "you" : `bot:${strongest.name}`);
      if (![...kind.options].some((o) => o.value === kind.value)) kind.value = `bot:${strongest.name}`;
      extra.value = old[s]?.[1] ?? (kind.value === `bot:${strongest.name}` ? strongestOptions : "");
      // The text box is a person's name, or a bot's options.
      const relabel = () => {
        const person = kind.value === "you" || kind.value === "person";
        extra.placeholder = person ? (kind.value === "you" ? `your name (player ${s + 1})` : `their name (guest ${s + 1})`) : "bot options, e.g. iters=400";
        extra.setAttribute("aria-label", person ? `seat ${s + 1} name` : `seat ${s + 1} options`);
      };
      kind.addEventListener("change", () => {
        extra.value = "";
        relabel();
      });
      relabel();
      seatsBox.append(el("div", { class: "seat-row" }, [el("span", { text: `Seat ${s + 1}` }), kind, extra]));
    }
  }
  function gameChanged() {
    const g = current();
    variantSel.replaceChildren(el("option", { value: "", text: "standard" }));
    for (const v of g.variants) if (v !== "standard") variantSel.append(el("option", { value: v, text: v }));
    variantSel.disabled = g.variants.length === 0;
    players.min = g.min_players;
    players.max = g.max_players;
    players.value = g.players;
    players.disabled = g.min_players === g.max_players;
    drawSeats(false);
  }
  gameSel.addEventListener("change", gameChanged);
  players.addEventListener("change", () => drawSeats(true));
  gameChanged();

  form.append(
    el("h2", { text: "New table" }),
    el("label", {}, [el("span", { text: "Game " }), gameSel]),
    el("label", {}, [el("span", { text: "Variant " }), variantSel]),
    el("label", {}, [el("span", { text: "Players " }), players]),
    seatsBox,
    el("label", {}, [el("span", { text: "Seed " }), seed]),
    el("label", {}, [el("span", { text: "Bots' pace (ms) " }), pace]),
    el("label", {}, [el("span", { text: "Options " }), options]),
    el("button", { type: "submit", text: "Start", "data-start": "1" }),
    error,
    created,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    const g = current();
    const opts = {};
    if (variantSel.value) opts.variant = variantSel.value;
    if (!players.disabled) opts.players = Number(players.value);
    for (const pair of options.value.split(",").map((s) => s.trim()).filter(Boolean)) {
      const [k, ...v] = pair.split("=");
      const raw = v.join("=").trim();
      opts[k.trim()] = raw !== "" && !isNaN(Number(raw)) ? Number(raw) : raw;
    }
    const kinds = [...seatsBox.querySelectorAll(".seat-row")].map((r) => r.querySelector("select").value);
    const seats = [...seatsBox.querySelectorAll(".seat-row")].map((r, i) => {
      const kind = kinds[i];
      const extra = r.querySelector("input").value.trim();
      // A person's seat is named for everyone else ("you" is only ever said by the page itself,
      // of the seat its own browser holds): the name typed, else the server's `player N`.
      if (kind === "you") return extra ? { kind: "human", name: extra } : { kind: "human" };
      if (kind === "person") return { kind: "human", name: extra || `guest ${i + 1}` };
      if (kind.startsWith("entry:")) return { kind: "entry", name: kind.slice(6) };
      const name = kind.slice(4);
      return { kind: "bot", bot: extra ? `${name}:${extra}` : name };
    });
    const body = { game: g.name, options: opts, seats, pace_ms: Number(pace.value) || 0 };
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const t = await api("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const mine = t.seats.find((s) => kinds[s.seat] === "you");
      const invites = t.seats.filter((s) => s !== mine);
      for (const s of t.seats) localStorage.setItem(`parlour.token.${t.table}.${s.seat}`, s.token);
      if (mine) localStorage.setItem(`parlour.token.${t.table}`, mine.token);
      if (invites.length) {
        created.replaceChildren(el("p", { text: "Send each person their link:" }));
        for (const s of invites) {
          const link = `${location.origin}/#/table/${t.table}?token=${s.token}`;
          created.append(el("div", { class: "invite" }, [el("span", { text: `Seat ${s.seat + 1}: ` }), el("input", { readonly: "", value: link, "data-invite": s.seat, size: 60, "aria-label": `invite link for seat ${s.seat + 1}` })]));
        }
        created.append(el("a", { href: `#/table/${t.table}`, text: "Go to the table", "data-goto": t.table }));
      } else {
        location.hash = `#/table/${t.table}`;
      }
    } catch (err) {
      error.textContent = err.message;
    }
  });
  main.append(form);

  const tables = el("section", { class: "tables" }, [el("h2", { text: "Tables" })]);
  const list = el("div", { class: "table-list" });
  tables.append(list);
  const replay = el("section", { class: "replay-upload" }, [el("h2", { text: "Replay a game" })]);
  const file = el("input", { type: "file", accept: ".jsonl,.json,.trace,.txt", "aria-label": "trace file" });
  const replayError = el("p", { class: "error" });
  file.addEventListener("change", async () => {
    replayError.textContent = "";
    const f = file.files[0];
    if (!f) return;
    try {
      const r = await api("/api/replays", { method: "POST", body: await f.text() });
      location.hash = `#/replay/${r.replay}`;
    } catch (err) {
      replayError.textContent = err.message;
    }
  });
  replay.append(el("p", { text: "A trace from `parlour play --trace`, a finished table's, or a saved state." }), file, replayError);
  const watched = el("section", { class: "tournaments" }, [el("h2", { text: "Tournaments" })]);
  main.append(tables, replay, watched);
  api("/api/tournaments")
    .then((ts) => {
      if (!ts.length) watched.append(el("p", { text: "None shown: `parlour tournament ... --serve ADDR`, or `parlour serve --tournament FILE`." }));
      for (const t of ts) watched.append(el("div", {}, [el("a", { href: `#/tournament/${t.tournament}`, text: t.name })]));
    })
    .catch(() => {});

  async function refresh() {
    try {
      const ts = await api("/api/tables");
      list.replaceChildren();
      if (!ts.length) list.append(el("p", { text: "No tables yet." }));
      for (const t of ts) {
        list.append(
          el("div", { class: "table-row", "data-table": t.id }, [
            el("a", { href: `#/table/${t.id}`, text: `${t.id} · ${t.title}` }),
            el("span", { text: ` ${t.seats.map((n, i) => seatLabel(n, i, null)).join(", ")} · ${t.closed ? "closed" : t.over ? "over" : `decision ${t.decisions}`}` }),
          ]),
        );
      }
    } catch {
      /* the next refresh tries again */
    }
  }
  refresh();
  const timer = setInterval(refresh, 2000);
  cleanups.push(() => clearInterval(timer));
}

// ------------------------------------------------------------------ a table

/**
 * A seat's name as this browser shows it: the seat it holds (`mine`) is "you"; any other seat
 * its own name, a person's as given or a bot's (numbered: `random#2`), never "you" (a table
 * made by an older page named its maker so).
 */
function seatLabel(name, seat, mine) {
  if (mine !== null && seat === mine) return "you";
  const given = (name ?? "").trim();
  return given && given.toLowerCase() !== "you" ? given : `player ${seat + 1}`;
}

function tablePage(id, params) {
  const given = params.get("token");
  if (given) {
    localStorage.setItem(`parlour.token.${id}`, given);
    // The token stays in this browser, not in the address bar (or its history).
    history.replaceState(null, "", `#/table/${id}`);
  }
  const token = given || localStorage.getItem(`parlour.token.${id}`);
  app.replaceChildren(header(`Table ${id}`));
  const status = el("div", { class: "status", role: "status" });
  const board = el("main", { class: "board-area" });
  const side = el("aside", { class: "side" });
  const log = el("ol", { class: "log", "aria-label": "log" });
  const message = el("div", { class: "message", role: "alert" });
  side.append(el("h2", { text: "Log" }), log);
  app.append(status, message, el("div", { class: "layout" }, [board, side]));

  let welcome = null;
  let view = null;
  let socket = null;
  let closed = false;
  let retry = 500;
  const selection = { cards: [], group: 1, source: null, from: null };
  // Seats named from this browser's side: its own seat is "you", every other its own name.
  const names = () => (view ? view.seats.map((s, i) => seatLabel(s.name, i, welcome?.seat ?? null)) : []);

  function draw() {
    if (!welcome || !view) return;
    const seat = welcome.seat;
    const open = !!view.observations;
    const mine = seat !== null && view.to_act === seat && view.legal.length > 0;
    const turn = view.to_act === null ? " · game over" : view.to_act === seat ? " · your turn" : ` · ${names()[view.to_act]} to act`;
    status.replaceChildren(
      el("span", { text: `${welcome.title} · ${seat === null ? "watching" : `you are seat ${seat + 1}`} · decision ${view.decision}` }),
      el("span", { class: "turn", text: turn }),
    );
    for (const [i, s] of view.seats.entries()) {
      const tag = s.kind === "human" ? (s.away ? " (away: a bot plays)" : s.connected ? "" : " (not here)") : "";
      if (tag) status.append(el("span", { class: "seat-state", "data-seat": i, text: ` · ${names()[i]}${tag}` }));
    }
    const ctx = {
      view: seat !== null ? view.observation : open ? view.observations[0] : view.public,
      all: open ? view.observations : null,
      seat,
      players: view.seats.length,
      names: names(),
      legal: mine ? view.legal : [],
      toAct: view.to_act,
      act: mine ? act : null,
      selection,
      redraw: draw,
    };
    if (seat === null && open) ctx.view = { ...view.observations[0], ...view.public };
    board.replaceChildren(render(welcome.game, ctx));
    if (view.to_act === null) board.append(resultBox());
    if (view.seats.every((s) => s.kind === "bot") && view.to_act !== null) board.append(paceBox());
  }

  function resultBox() {
    const box = el("div", { class: "result", "data-result": "1" });
    const winners = (view.winners || []).map((w) => names()[w]);
    box.append(el("h2", { text: winners.length ? `Won by ${winners.join(", ")}` : "A draw", "data-winners": (view.winners || []).join(" ") }));
    box.append(el("p", { text: `Returns: ${(view.returns || []).map((r, i) => `${names()[i]} ${r}`).join(" · ")}` }));
    // Only a person seated at the table may deal again.
    if (welcome.seat !== null && welcome.seat !== undefined) {
      const again = el("button", { type: "button", text: "Rematch", "data-rematch": "1" });
      again.addEventListener("click", () => send({ type: "rematch" }));
      box.append(again);
    }
    box.append(el("a", { href: `/api/tables/${id}/trace`, download: `${id}.trace.jsonl`, text: " Download the trace " }));
    const replay = el("button", { type: "button", text: "Replay", "data-replay": "1" });
    replay.addEventListener("click", async () => {
      try {
        const trace = await (await fetch(`/api/tables/${id}/trace`)).text();
        const r = await api("/api/replays", { method: "POST", body: trace });
        location.hash = `#/replay/${r.replay}`;
      } catch (e) {
        message.textContent = e.message;
      }
    });
    box.append(replay);
    return box;
  }

  function paceBox() {
    const input = el("input", { type: "range", min: 0, max: 3000, step: 100, value: view.pace_ms, "aria-label": "pace" });
    input.addEventListener("change", () => send({ type: "pace", ms: Number(input.value) }));
    return el("label", { class: "pace" }, [el("span", { text: `Pace: ${view.pace_ms} ms a move ` }), input]);
  }

  function act(action) {
    message.textContent = "";
    send({ type: "act", decision: view.decision, action });
  }

  function send(m) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(m));
  }

  function addLog(entries, full) {
    if (full) log.replaceChildren();
    for (const e of entries) {
      const who = e.seat === null || e.seat === undefined ? "chance" : names()[e.seat] ?? `seat ${e.seat + 1}`;
      log.append(
        el("li", { "data-decision": e.decision, "data-seat": e.seat ?? "" }, [
          el("span", { class: "n", text: `${e.decision}` }),
          el("span", { class: "entry", text: `${who}: ${e.action ?? "(hidden)"}` }),
        ]),
      );
    }
    log.scrollTop = log.scrollHeight;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const q = token ? `?token=${encodeURIComponent(token)}` : "";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${id}${q}`);
    socket.addEventListener("message", (ev) => {
      let m;
      try {
        m = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (m.type === "welcome") {
        welcome = m;
        retry = 500;
        app.dataset.seat = m.seat ?? "none";
        app.dataset.table = m.table;
      } else if (m.type === "view") {
        const before = view ? view.decision : -1;
        view = m;
        if (m.decision !== before) {
          selection.cards.length = 0;
          selection.source = null;
          selection.from = null;
        }
        addLog(m.log, m.full_log);
        draw();
        app.dataset.decision = m.decision;
        app.dataset.toAct = m.to_act ?? "over";
      } else if (m.type === "error") {
        message.textContent = m.message;
        if (!welcome) closed = true;
      } else if (m.type === "closed") {
        // The server closed the table before its end: say why, and stop reconnecting.
        message.textContent = `The table has closed: ${m.reason}`;
        closed = true;
      } else if (m.type === "rematch") {
        const t = localStorage.getItem(`parlour.token.${id}`);
        if (t) localStorage.setItem(`parlour.token.${m.table}`, t);
        location.hash = `#/table/${m.table}`;
      }
    });
    socket.addEventListener("close", () => {
      if (closed) return;
      // Reconnect: the seat is kept by its token.
      setTimeout(() => !closed && connect(), retry);
      retry = Math.min(retry * 2, 8000);
    });
  }
  connect();
  cleanups.push(() => {
    closed = true;
    socket?.close();
  });
}

// ------------------------------------------------------------------ a replay

// What the renderers draw for someone who watches (a replay, a match in play): nothing to
// choose, nothing to send.
function watching(shown) {
  return { ...shown, legal: [], act: null, selection: { cards: [], group: 1, source: null, from: null }, redraw: () => {} };
}

async function replayPage(id, params) {
  app.replaceChildren(header(`Replay ${id}`));
  const main = el("main", { class: "replay" });
  app.append(main);
  let summary;
  try {
    summary = await api(`/api/replays/${id}`);
  } catch (e) {
    main.append(el("p", { class: "error", text: `${e.message} (replays are kept while the server runs)` }));
    return;
  }
  const controls = el("div", { class: "controls" });
  const board = el("div", { class: "board-area" });
  const info = el("div", { class: "status", role: "status" });
  main.append(info, controls, board);
  let step = Number(params.get("step") || 0);
  let who = "all";
  const total = summary.decisions;
  const slider = el("input", { type: "range", min: 0, max: total ?? 0, value: step, "aria-label": "decision" });
  const number = el("input", { type: "number", min: 0, max: total ?? 0, value: step, "aria-label": "jump to decision" });
  const viewSel = el("select", { "aria-label": "view" }, [el("option", { value: "all", text: "all seats" })]);
  const players = summary?.players ?? 0;
  const names = (summary?.seats ?? []).map((n, i) => seatLabel(n, i, null));
  for (let s = 0; s < players; s++) viewSel.append(el("option", { value: s, text: `seat ${s + 1}'s view (${names[s] ?? ""})` }));
  const go = (n) => {
    step = Math.max(0, Math.min(total ?? n, n));
    show();
  };
  // Labels in plain text (the media-control symbols are missing from many system fonts).
  const btn = (label, f, key, name) => {
    const b = el("button", { type: "button", text: label, "data-step": key, "aria-label": name });
    b.addEventListener("click", f);
    return b;
  };
  controls.append(
    btn("« First", () => go(0), "first", "First decision"),
    btn("‹ Back", () => go(step - 1), "back", "Back one decision"),
    btn("Next ›", () => go(step + 1), "forward", "Next decision"),
    btn("Last »", () => go(total ?? step), "last", "Last decision"),
    slider,
    number,
    viewSel,
  );
  slider.addEventListener("input", () => go(Number(slider.value)));
  number.addEventListener("change", () => go(Number(number.value)));
  viewSel.addEventListener("change", () => {
    who = viewSel.value;
    show();
  });
  const keys = (e) => {
    if (e.key === "ArrowRight") go(step + 1);
    if (e.key === "ArrowLeft") go(step - 1);
  };
  document.addEventListener("keydown", keys);
  cleanups.push(() => document.removeEventListener("keydown", keys));

  // Steps may be asked for faster than they arrive: only the latest request is drawn.
  let latest = 0;
  async function show() {
    const want = step;
    const ticket = ++latest;
    let s;
    try {
      s = await api(`/api/replays/${id}/${want}`);
    } catch (e) {
      if (ticket === latest) info.textContent = e.message;
      return;
    }
    if (ticket !== latest) return;
    slider.value = want;
    number.value = want;
    main.dataset.step = want;
    info.textContent = `${summary?.title ?? ""} · decision ${want} of ${total ?? "?"}${s.to_act !== null ? ` · ${names[s.to_act] ?? `seat ${s.to_act + 1}`} to act: ${s.action ?? ""}` : " · the end"}`;
    const seat = who === "all" ? null : Number(who);
    const ctx = watching({
      view: seat === null ? { ...s.observations[0], ...s.public } : s.observations[seat],
      all: seat === null ? s.observations : null,
      seat,
      players: s.observations.length,
      names,
      toAct: s.to_act,
    });
    board.replaceChildren(render(summary?.game ?? "", ctx));
    if (s.returns) {
      const winners = (s.winners || []).map((w) => names[w] ?? `seat ${w + 1}`);
      board.append(
        el("div", { class: "result" }, [
          el("h2", { text: winners.length ? `Won by ${winners.join(", ")}` : "A draw" }),
          el("p", { text: `Returns: ${s.returns.map((r, i) => `${names[i] ?? `seat ${i + 1}`} ${r}`).join(" · ")}` }),
        ]),
      );
    }
  }
  show();
}

// ------------------------------------------------------------------ a league's match in play

// Polled twice a second: the server shows only what every seat sees (no hand, no hidden card).
// When the match ends its games become replays, and the page says where they are.
function livePage(id) {
  app.replaceChildren(header(`Match ${id}, live`));
  const main = el("main", { class: "live" });
  const info = el("div", { class: "status", role: "status" });
  const board = el("div", { class: "board-area" });
  main.append(info, board);
  app.append(main);
  let stopped = false;
  let timer = null;
  cleanups.push(() => {
    stopped = true;
    clearTimeout(timer);
  });
  let shownGame = null;
  async function poll() {
    let s;
    try {
      s = await api(`/api/live/${id}`);
    } catch (e) {
      if (stopped) return;
      info.textContent = e.message;
      const last = shownGame ?? 0;
      const replay = el("a", { href: `#/replay/m${id}-g${last}`, text: "Replay its last game", "data-replay-link": "1" });
      main.dataset.over = "1";
      board.replaceChildren(el("p", {}, [replay]));
      return;
    }
    if (stopped) return;
    if (!s.started) {
      info.textContent = "The match is starting…";
    } else {
      shownGame = s.index;
      const names = s.seats.map((n, i) => seatLabel(n, i, null));
      main.dataset.decision = s.decision;
      info.textContent = `${s.title ?? s.game} · game ${s.index + 1} of ${s.games} · decision ${s.decision}`
        + (s.to_act !== null ? ` · ${names[s.to_act]} to act` : " · game over");
      const ctx = watching({ view: s.public, all: null, seat: null, players: s.players, names, toAct: s.to_act });
      board.replaceChildren(render(s.game, ctx));
    }
    timer = setTimeout(poll, 500);
  }
  poll();
}

// ------------------------------------------------------------------ a tournament

function fmt(x, digits = 2) {
  return typeof x === "number" ? x.toFixed(digits) : "–";
}

function interval(i, digits = 2) {
  if (!i) return "–";
  return i.n >= 2 ? `${fmt(i.mean, digits)} (${fmt(i.low, digits)}–${fmt(i.high, digits)})` : fmt(i.mean, digits);
}

function tournamentPage(id) {
  app.replaceChildren(header(`Tournament ${id}`));
  const main = el("main", { class: "tournament" });
  const status = el("div", { class: "status", role: "status" });
  const table = el("table", { class: "standings" });
  const recent = el("div", { class: "recent" });
  const open = el("form", { class: "open-game" });
  const index = el("input", { type: "number", min: 0, "aria-label": "game number", placeholder: "game number" });
  const error = el("p", { class: "error" });
  open.append(el("span", { text: "Open game " }), index, el("button", { type: "submit", text: "Replay" }), error);
  open.addEventListener("submit", (e) => {
    e.preventDefault();
    openGame(Number(index.value));
  });
  main.append(status, table, el("h2", { text: "Latest games" }), recent, open);
  app.append(main);

  async function openGame(n) {
    error.textContent = "Playing it again…";
    try {
      const r = await api(`/api/tournaments/${id}/games/${n}`);
      location.hash = `#/replay/${r.replay}`;
    } catch (e) {
      error.textContent = e.message;
    }
  }

  async function refresh() {
    let t;
    try {
      t = await api(`/api/tournaments/${id}`);
    } catch (e) {
      status.textContent = e.message;
      return;
    }
    main.dataset.recorded = t.recorded;
    const rate = t.games_per_s === null ? "" : ` · ${fmt(t.games_per_s, 1)} games/s`;
    status.textContent = `${t.title ?? t.game} · ${t.name} · ${t.recorded} of ${t.planned} games${rate}${t.over ? " · finished" : ""}`;
    const head = el("tr", {}, ["#", "entry", "games", "wins", "win rate", "score", "placement", "rating", "faults"].map((h) => el("th", { text: h })));
    const rows = (t.standings.standings?.entries ?? t.standings.entries ?? []).map((e, i) =>
      el("tr", { "data-entry": e.label }, [
        el("td", { text: `${i + 1}` }),
        el("td", { text: e.label }),
        el("td", { text: `${e.games}` }),
        el("td", { text: `${e.wins}` }),
        el("td", { text: interval(e.win_rate, 3) }),
        el("td", { text: interval(e.score) }),
        el("td", { text: interval(e.placement) }),
        el("td", { text: `${fmt(e.rating?.mu, 1)} ± ${fmt(e.rating?.sigma, 1)}` }),
        el("td", { text: `${e.faults}${e.forfeits ? ` (${e.forfeits} forfeited)` : ""}` }),
      ]),
    );
    table.replaceChildren(head, ...rows);
    recent.replaceChildren();
    for (const g of t.recent) {
      const line = el("div", { class: "game-row", "data-game": g.index }, [
        el("span", { text: `game ${g.index}: ${g.seats.map((s, i) => `${s} ${g.returns[i]}`).join(" · ")} ` }),
      ]);
      if (g.replayable) {
        const b = el("button", { type: "button", text: "replay", "data-open-game": g.index });
        b.addEventListener("click", () => openGame(g.index));
        line.append(b);
      }
      recent.append(line);
    }
    if (!t.over) timer = setTimeout(refresh, 1000);
  }
  let timer = null;
  refresh();
  cleanups.push(() => clearTimeout(timer));
}

window.addEventListener("hashchange", route);
route();
