// Each game's table: drawn from one observation (a seat's own, every seat's at an open table,
// or the public view), with the legal actions made clickable. An action is always sent as the
// protocol's text; the server checks it.

import { playingCard, unoCard, unoColour, chexersBoard, CHEXERS_COLOURS } from "./cards.js";

/** An element with a class and children. */
export function el(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v;
    else if (k === "onclick") e.addEventListener("click", v);
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

function button(label, onClick, attrs = {}) {
  return el("button", { type: "button", onclick: onClick, ...attrs, text: label });
}

/** Makes a drawn card clickable as `action` (or with a handler). */
function clickable(node, onClick, action) {
  node.classList.add("playable");
  node.setAttribute("tabindex", "0");
  if (action) node.dataset.action = action;
  node.addEventListener("click", onClick);
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") onClick(e);
  });
  return node;
}

function row(cards, draw, label) {
  const r = el("div", { class: "cards" });
  if (label) r.append(el("span", { class: "label", text: label }));
  for (const c of cards) r.append(draw(c));
  return r;
}

function backs(n, draw) {
  const r = el("div", { class: "cards backs" });
  const shown = Math.min(n, 12);
  for (let i = 0; i < shown; i++) r.append(draw(null, { faceDown: true }));
  r.append(el("span", { class: "count", text: `${n}` }));
  return r;
}

/** A seat's name as the page shows it (the table page gives "you" for this browser's seat). */
function seatName(ctx, s) {
  return ctx.names[s] ?? `seat ${s + 1}`;
}

/** The legal actions not drawn as something to click, as buttons (and every action, folded). */
function actionButtons(ctx, shown = new Set()) {
  const box = el("div", { class: "actions" });
  if (!ctx.act || !ctx.legal.length) return box;
  for (const a of ctx.legal) {
    if (!shown.has(a)) box.append(button(a, () => ctx.act(a), { "data-action": a }));
  }
  const all = el("details", { class: "all-actions" }, [el("summary", { text: `All ${ctx.legal.length} legal actions` })]);
  const list = el("div", { class: "action-list" });
  for (const a of ctx.legal) list.append(button(a, () => ctx.act(a), { "data-any-action": a }));
  all.append(list);
  box.append(all);
  return box;
}

/** Other seats around the table: name, cards held, a marker for the seat to act. */
function seatsStrip(ctx, extra) {
  const strip = el("div", { class: "seats-strip" });
  for (let s = 0; s < ctx.players; s++) {
    const cls = `seat-box${ctx.toAct === s ? " to-act" : ""}${ctx.seat === s ? " me" : ""}`;
    const box = el("div", { class: cls, "data-seat": s }, [el("div", { class: "name", text: seatName(ctx, s) })]);
    const more = extra(s);
    if (more) box.append(more);
    strip.append(box);
  }
  return strip;
}

// ---------------------------------------------------------------- Uno

function uno(ctx) {
  const o = ctx.view;
  const root = el("div", { class: "game uno" });
  root.append(
    seatsStrip(ctx, (s) =>
      el("div", {}, [
        el("span", { class: "count", text: `${o.hand_sizes?.[s] ?? "?"} cards` }),
        el("span", { class: "score", text: ` · ${o.scores?.[s] ?? 0} pts` }),
      ]),
    ),
  );
  const centre = el("div", { class: "centre" });
  centre.append(el("div", { class: "pile" }, [unoCard(null, { faceDown: true }), el("div", { text: `${o.draw_pile} to draw` })]));
  const up = unoCard(o.up_card, { call: o.called_color });
  centre.append(el("div", { class: "pile" }, [up, el("div", { text: o.called_color ? `called ${o.called_color}` : "up card" })]));
  centre.append(el("div", { class: "direction", text: o.direction === "clockwise" ? "↻ clockwise" : "↺ counter-clockwise" }));
  root.append(centre);
  const shown = new Set();
  const hands = handsToShow(ctx);
  for (const [s, hand] of hands) {
    const r = el("div", { class: "cards hand", "data-hand": s }, [el("span", { class: "label", text: seatName(ctx, s) })]);
    for (const card of hand) {
      const node = unoCard(card);
      if (s === ctx.seat && ctx.act) {
        const plain = ctx.legal.includes(card) ? card : null;
        const calls = ctx.legal.filter((a) => a.startsWith(card + ":"));
        if (plain) {
          shown.add(plain);
          clickable(node, () => ctx.act(plain), plain);
        } else if (calls.length) {
          calls.forEach((a) => shown.add(a));
          clickable(node, () => colourPicker(root, card, calls, ctx), card);
        }
      }
      r.append(node);
    }
    root.append(r);
  }
  if (o.drawn && ctx.seat !== null) root.append(el("div", { class: "note", text: `You drew ${o.drawn}.` }));
  root.append(actionButtons(ctx, shown));
  return root;
}

const UNO_COLOUR_NAMES = { R: "red", G: "green", B: "blue", Y: "yellow" };

function colourPicker(root, card, calls, ctx) {
  root.querySelector(".picker")?.remove();
  const p = el("div", { class: "picker", role: "dialog", "aria-label": "call a colour" }, [el("span", { text: `${card}: call a colour ` })]);
  for (const a of calls) {
    const c = a.split(":")[1];
    // The colour as a swatch beside its name: dark text on a coloured button is hard to read.
    const b = button(UNO_COLOUR_NAMES[c] ?? c, () => ctx.act(a), { "data-action": a, class: "call", style: `border-left-color:${unoColour(c)}` });
    p.append(b);
  }
  root.append(p);
}

/** Which hands to draw face up: the seat's own, or every hand at an open table. */
function handsToShow(ctx) {
  if (ctx.all) return ctx.all.map((o, s) => [s, o.hand || []]);
  if (ctx.view.hand && ctx.seat !== null) return [[ctx.seat, ctx.view.hand]];
  return [];
}

// ---------------------------------------------------------------- Comp10001-Go

function go(ctx) {
  const o = ctx.view;
  const root = el("div", { class: "game go" });
  root.append(el("div", { class: "note", text: `Turn ${Math.min(o.turn + 1, 10)} of 10${o.scores ? " · game over" : ""}` }));
  const shown = new Set();
  const table = el("div", { class: "discards" });
  for (let s = 0; s < ctx.players; s++) {
    const r = row(o.discards[s] || [], (c) => playingCard(c), `${seatName(ctx, s)}${o.scores ? ` · ${o.scores[s]} pts` : ""}`);
    r.dataset.seat = s;
    if (ctx.toAct === s) r.classList.add("to-act");
    const g = o.groupings?.[s];
    if (g) r.append(el("span", { class: "grouping", text: ` grouped: ${g.map((x) => x.join(" ")).join(" / ")}` }));
    table.append(r);
  }
  root.append(table);
  for (const [s, hand] of handsToShow(ctx)) {
    const r = el("div", { class: "cards hand", "data-hand": s }, [el("span", { class: "label", text: seatName(ctx, s) })]);
    for (const card of hand) {
      const node = playingCard(card);
      if (s === ctx.seat && ctx.act && ctx.legal.includes(card)) {
        shown.add(card);
        clickable(node, () => ctx.act(card), card);
      }
      r.append(node);
    }
    root.append(r);
  }
  if (o.picked) root.append(el("div", { class: "note", text: `You picked ${o.picked}; waiting for the others.` }));
  // Groupings (the course's scoring): the legal ones, best first.
  const groups = ctx.legal.filter((a) => a.startsWith("group"));
  if (groups.length && ctx.act) {
    const box = el("div", { class: "groupings" }, [el("div", { class: "label", text: "Group your discards (best first):" })]);
    for (const a of groups.slice(0, 8)) {
      shown.add(a);
      box.append(button(a.slice(6), () => ctx.act(a), { "data-action": a }));
    }
    root.append(box);
  }
  root.append(actionButtons(ctx, shown));
  return root;
}

// ---------------------------------------------------------------- Phased Out

function phased(ctx) {
  const o = ctx.view;
  const root = el("div", { class: "game phased" });
  root.append(
    seatsStrip(ctx, (s) =>
      el("div", {}, [
        el("span", { text: `${o.hand_sizes[s]} cards · ${o.scores[s]} pts · phases ${(o.phases_done[s] || []).join(",") || "none"}` }),
        o.laid[s] ? el("span", { class: "laid", text: " · laid" }) : null,
      ]),
    ),
  );
  const shown = new Set();
  const centre = el("div", { class: "centre" });
  const deck = el("div", { class: "pile" }, [playingCard(null, { faceDown: true }), el("div", { text: `deck ${o.deck}` })]);
  const top = o.discard[o.discard.length - 1];
  const disc = el("div", { class: "pile discard-pile" }, [top ? playingCard(top) : el("div", { class: "empty", text: "empty" }), el("div", { text: "discard" })]);
  if (ctx.act && ctx.legal.includes("draw")) {
    shown.add("draw");
    clickable(deck, () => ctx.act("draw"), "draw");
  }
  if (ctx.act && ctx.legal.includes("take")) {
    shown.add("take");
    clickable(disc, () => ctx.act("take"), "take");
  }
  centre.append(deck, disc);
  root.append(centre);
  // The table's groups; a selected hand card is added by clicking a group.
  const selected = ctx.selection;
  const tableBox = el("div", { class: "table-groups" });
  o.table.forEach((groups, owner) => {
    groups.forEach((g, gi) => {
      const r = row(g.cards, (c) => playingCard(c), `${seatName(ctx, owner)} ${gi + 1}`);
      r.dataset.group = `${owner} ${gi}`;
      const adds = ctx.legal.filter((a) => a.startsWith("add ") && a.split(" ")[2] === `${owner}` && a.split(" ")[3] === `${gi}`);
      adds.forEach((a) => shown.add(a));
      if (ctx.act && selected.cards.length === 1) {
        const mine = adds.filter((a) => a.split(" ")[1] === selected.cards[0].card);
        if (mine.length) {
          clickable(r, () => {
            if (mine.length === 1) ctx.act(mine[0]);
            else placePicker(root, mine, ctx);
          }, mine[0]);
        }
      }
      tableBox.append(r);
    });
  });
  root.append(tableBox);
  for (const [s, hand] of handsToShow(ctx)) {
    const r = el("div", { class: "cards hand", "data-hand": s }, [el("span", { class: "label", text: seatName(ctx, s) })]);
    hand.forEach((card, i) => {
      const node = playingCard(card);
      if (s === ctx.seat && ctx.act && ctx.legal.length && o.step === "play") {
        const at = selected.cards.findIndex((x) => x.index === i);
        if (at >= 0) node.classList.add("selected", `group-${selected.cards[at].group}`);
        clickable(node, () => {
          if (at >= 0) selected.cards.splice(at, 1);
          else selected.cards.push({ index: i, card, group: selected.group });
          ctx.redraw();
        });
        node.dataset.index = i;
      }
      r.append(node);
    });
    root.append(r);
  }
  if (ctx.act && o.step === "play" && ctx.seat !== null) {
    const tools = el("div", { class: "phase-tools" });
    const lays = ctx.legal.filter((a) => a.startsWith("lay "));
    lays.forEach((a) => shown.add(a));
    if (lays.length) {
      tools.append(el("span", { class: "label", text: "Select cards into groups:" }));
      for (const g of [1, 2]) {
        const b = button(`group ${g}`, () => {
          selected.group = g;
          ctx.redraw();
        }, { "data-group-button": g });
        if (selected.group === g) b.classList.add("on");
        tools.append(b);
      }
      const groups = [1, 2].map((g) => selected.cards.filter((x) => x.group === g).map((x) => x.card)).filter((g) => g.length);
      tools.append(
        button("Lay phase", () => ctx.act(`lay ${groups.map((g) => g.join(" ")).join(" / ")}`), {
          "data-lay": "1",
          ...(groups.length ? {} : { disabled: "" }),
        }),
      );
    }
    const discards = ctx.legal.filter((a) => a.startsWith("discard "));
    discards.forEach((a) => shown.add(a));
    if (discards.length) {
      const one = selected.cards.length === 1 ? `discard ${selected.cards[0].card}` : null;
      tools.append(
        button(one ? `Discard ${selected.cards[0].card}` : "Discard (select one card)", () => one && ctx.act(one), {
          "data-discard": "1",
          ...(one && discards.includes(one) ? {} : { disabled: "" }),
        }),
      );
    }
    tools.append(button("Clear selection", () => {
      selected.cards.length = 0;
      ctx.redraw();
    }));
    root.append(tools);
  }
  root.append(actionButtons(ctx, shown));
  return root;
}

function placePicker(root, adds, ctx) {
  root.querySelector(".picker")?.remove();
  const p = el("div", { class: "picker" }, [el("span", { text: "Where? " })]);
  for (const a of adds) p.append(button(`position ${a.split(" ")[4]}`, () => ctx.act(a), { "data-action": a }));
  root.append(p);
}

// ---------------------------------------------------------------- Comp10001-Bo

function bo(ctx) {
  const o = ctx.view;
  const root = el("div", { class: "game bo" });
  const shown = new Set();
  const sel = ctx.selection;
  const targetsOf = (source) => ctx.legal.filter((a) => a.split(" ")[0] === source);
  const sourceButton = (node, source) => {
    if (!ctx.act || !targetsOf(source).length) return node;
    if (sel.source === source) node.classList.add("selected");
    return clickable(node, () => {
      sel.source = sel.source === source ? null : source;
      ctx.redraw();
    }, undefined);
  };
  const target = (node, name) => {
    if (!ctx.act || !sel.source) return node;
    const a = `${sel.source} ${name}`;
    if (ctx.legal.includes(a)) {
      node.classList.add("target");
      clickable(node, () => ctx.act(a), a);
    }
    return node;
  };
  ctx.legal.filter((a) => /^(d\d\.\d:|s:)?[0-9AJQKZ][SCHDZ] (b\d|d\d\.\d)$/.test(a)).forEach((a) => shown.add(a));
  const builds = el("div", { class: "builds" }, [el("span", { class: "label", text: "build piles" })]);
  o.build.forEach((pile, i) => {
    const top = pile[pile.length - 1];
    const node = el("div", { class: "pile", "data-pile": `b${i}` }, [top ? playingCard(top) : el("div", { class: "empty", text: "empty" }), el("div", { text: `b${i} (${pile.length})` })]);
    builds.append(target(node, `b${i}`));
  });
  root.append(builds);
  for (let s = 0; s < ctx.players; s++) {
    const area = el("div", { class: `bo-seat${ctx.toAct === s ? " to-act" : ""}`, "data-seat": s }, [
      el("div", { class: "name", text: `${seatName(ctx, s)} · stock ${o.stock_sizes[s]} · hand ${o.hand_sizes[s]}` }),
    ]);
    const stockTop = o.stock_tops[s];
    let stock = el("div", { class: "pile", "data-pile": `s${s}` }, [stockTop ? playingCard(stockTop) : el("div", { class: "empty", text: "done" }), el("div", { text: "stock" })]);
    if (s === ctx.seat && stockTop) stock = sourceButton(stock, `s:${stockTop}`);
    area.append(stock);
    o.discards[s].forEach((pile, p) => {
      const top = pile[pile.length - 1];
      let node = el("div", { class: "pile", "data-pile": `d${s}.${p}` }, [top ? playingCard(top) : el("div", { class: "empty", text: "·" }), el("div", { text: `d${s}.${p} (${pile.length})` })]);
      if (top) node = sourceButton(node, `d${s}.${p}:${top}`);
      area.append(target(node, `d${s}.${p}`));
    });
    root.append(area);
  }
  for (const [s, hand] of handsToShow(ctx)) {
    const r = el("div", { class: "cards hand", "data-hand": s }, [el("span", { class: "label", text: seatName(ctx, s) })]);
    for (const card of hand) r.append(s === ctx.seat ? sourceButton(playingCard(card), card) : playingCard(card));
    root.append(r);
  }
  root.append(actionButtons(ctx, shown));
  return root;
}

// ---------------------------------------------------------------- Chexers

const COLOUR_OF = ["red", "green", "blue"];

function chexers(ctx) {
  const o = ctx.view;
  const root = el("div", { class: "game chexers" });
  const p = o.position;
  root.append(
    // The seat's colour as a chip: dark text of its hue on white (readable), and a swatch.
    seatsStrip(ctx, (s) =>
      el("div", {}, [
        el("span", { class: `seat-colour ${COLOUR_OF[s]}`, "data-seat-colour": COLOUR_OF[s], style: `--swatch:${CHEXERS_COLOURS[COLOUR_OF[s]]}`, text: COLOUR_OF[s] }),
        el("span", { text: ` · ${p.exits[s]} exited` }),
      ]),
    ),
  );
  const { root: board, hexes } = chexersBoard(p);
  const sel = ctx.selection;
  const shown = new Set();
  const parse = (a) => {
    const m = a.match(/^(MOVE|JUMP|EXIT) \((-?\d),(-?\d)\)(?: \((-?\d),(-?\d)\))?$/);
    return m && { kind: m[1], from: `${m[2]},${m[3]}`, to: m[4] !== undefined ? `${m[4]},${m[5]}` : null, text: a };
  };
  const moves = ctx.act ? ctx.legal.map(parse).filter(Boolean) : [];
  moves.forEach((m) => shown.add(m.text));
  for (const from of new Set(moves.map((m) => m.from))) {
    const g = hexes.get(from);
    g.classList.add("movable");
    if (sel.from === from) g.classList.add("selected");
    clickable(g, () => {
      sel.from = sel.from === from ? null : from;
      ctx.redraw();
    });
  }
  const exits = [];
  for (const m of moves.filter((m) => m.from === sel.from)) {
    if (m.kind === "EXIT") {
      exits.push(m);
      continue;
    }
    const g = hexes.get(m.to);
    g.classList.add("target", m.kind.toLowerCase());
    clickable(g, () => ctx.act(m.text), m.text);
  }
  root.append(board);
  const tools = el("div", { class: "actions" });
  for (const m of exits) tools.append(button(`Exit from (${m.from})`, () => ctx.act(m.text), { "data-action": m.text }));
  root.append(tools);
  if (o.outcome) {
    const won = typeof o.outcome.win === "number" ? `won by ${seatName(ctx, o.outcome.win)}` : JSON.stringify(o.outcome);
    root.append(el("div", { class: "note", text: `Game over: ${won}` }));
  }
  root.append(actionButtons(ctx, shown));
  return root;
}

/** Nim (a small test game), and any game without a drawing: the observation and the actions. */
function plain(ctx) {
  const root = el("div", { class: "game plain" });
  root.append(el("pre", { class: "observation", text: JSON.stringify(ctx.view, null, 1) }));
  root.append(actionButtons(ctx));
  return root;
}

const GAMES = { uno, go, phased, bo, chexers };

/** Draws `game`'s table for `ctx` (see the top of this file). */
export function render(game, ctx) {
  return (GAMES[game] || plain)(ctx);
}
