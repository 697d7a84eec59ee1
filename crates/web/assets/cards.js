// Cards and boards drawn as SVG. Every drawing is a plain element that a game's view places and
// wires up; nothing here knows the rules.

const NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
export function svg(tag, attrs = {}, children = []) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

function text(x, y, s, attrs = {}) {
  const t = svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs });
  t.textContent = s;
  return t;
}

const SUITS = { S: ["♠", "#1b1b1b"], C: ["♣", "#1b1b1b"], H: ["♥", "#c0262d"], D: ["♦", "#c0262d"] };
const RANKS = { A: "A", "0": "10", J: "J", Q: "Q", K: "K" };

/** A standard playing card in the courses' notation (`7C`, `0H` for ten, `AS`, `ZZ` Joker). */
export function playingCard(code, { faceDown = false } = {}) {
  const root = svg("svg", { viewBox: "0 0 60 84", class: "card", role: "img" });
  if (faceDown || !code) {
    root.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "back" }));
    root.setAttribute("aria-label", "a face-down card");
    return root;
  }
  root.dataset.card = code;
  root.setAttribute("aria-label", code);
  root.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "face" }));
  if (code === "ZZ" || code[0] === "Z") {
    root.append(text(30, 42, "★", { "font-size": 30, fill: "#7a3db8" }));
    root.append(text(12, 13, "Jk", { "font-size": 12, fill: "#7a3db8" }));
    return root;
  }
  const [glyph, colour] = SUITS[code[1]] || ["?", "#555"];
  const rank = RANKS[code[0]] || code[0];
  root.append(text(13, 14, rank, { "font-size": 14, "font-weight": 700, fill: colour }));
  root.append(text(13, 29, glyph, { "font-size": 13, fill: colour }));
  root.append(text(32, 50, glyph, { "font-size": 30, fill: colour }));
  return root;
}

const UNO = { R: "#d72600", G: "#379711", B: "#0956bf", Y: "#ecd407" };

/** An Uno card (`R5`, `G+2`, `BS` skip, `YR` reverse, `W`, `W+4`); `call` tints a wild. */
export function unoCard(code, { faceDown = false, call = null } = {}) {
  const root = svg("svg", { viewBox: "0 0 60 84", class: "card uno", role: "img" });
  if (faceDown || !code) {
    root.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#222" }));
    root.append(text(30, 42, "UNO", { "font-size": 14, fill: "#ecd407", "font-weight": 700 }));
    root.setAttribute("aria-label", "a face-down card");
    return root;
  }
  root.dataset.card = code;
  root.setAttribute("aria-label", code);
  const wild = code[0] === "W";
  const fill = wild ? (call ? UNO[call] : "#222") : UNO[code[0]] || "#777";
  root.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill, stroke: "#fff", "stroke-width": 2 }));
  root.append(svg("ellipse", { cx: 30, cy: 42, rx: 22, ry: 30, fill: "#fff", transform: "rotate(25 30 42)" }));
  const label = wild ? (code === "W" ? "W" : "+4") : code.slice(1);
  const ink = wild ? "#222" : fill;
  // Skip and reverse are drawn, not written: their symbols are missing from many system fonts.
  if (label === "S") {
    root.append(svg("circle", { cx: 30, cy: 42, r: 12, fill: "none", stroke: ink, "stroke-width": 4 }));
    root.append(svg("line", { x1: 21.5, y1: 50.5, x2: 38.5, y2: 33.5, stroke: ink, "stroke-width": 4 }));
  } else if (label === "R") {
    const arrow = (d) => svg("path", { d, fill: "none", stroke: ink, "stroke-width": 3.5, "stroke-linecap": "round", "stroke-linejoin": "round" });
    root.append(arrow("M18 37 H41 M35 31 L41 37 L35 43"), arrow("M42 48 H19 M25 42 L19 48 L25 54"));
  } else {
    root.append(text(30, 43, label, { "font-size": label.length > 1 ? 20 : 26, "font-weight": 700, fill: ink }));
  }
  if (wild) {
    const quads = [["R", 0], ["Y", 1], ["G", 2], ["B", 3]];
    for (const [c, i] of quads) {
      root.append(svg("rect", { x: 6 + (i % 2) * 8, y: 6 + Math.floor(i / 2) * 8, width: 8, height: 8, fill: UNO[c] }));
    }
  }
  return root;
}

/** The colour of an Uno colour letter. */
export function unoColour(letter) {
  return UNO[letter] || "#777";
}

// Chexers: axial coordinates (q, r) with |q|, |r|, |q + r| <= 3, pointy-top hexes.
const HEX = 26;

function hexCentre(q, r) {
  return [HEX * Math.sqrt(3) * (q + r / 2), HEX * 1.5 * r];
}

function hexPoints(cx, cy, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export const CHEXERS_COLOURS = { red: "#d33", green: "#2a2", blue: "#27d" };

/**
 * The 37-hex Chexers board with pieces; `hexes` gets each hex's element by "q,r". Each hex's
 * coordinates are written on top of everything (over a piece: light on a dark outline), so a
 * piece never hides them; the labels let clicks through to their hex.
 */
export function chexersBoard(position) {
  const root = svg("svg", { viewBox: "-165 -150 330 300", class: "board", role: "img", "aria-label": "the board" });
  const hexes = new Map();
  const centres = new Map();
  for (let q = -3; q <= 3; q++) {
    for (let r = -3; r <= 3; r++) {
      if (Math.abs(q + r) > 3) continue;
      const [cx, cy] = hexCentre(q, r);
      const g = svg("g", { class: "hex", "data-hex": `${q},${r}` });
      g.append(svg("polygon", { points: hexPoints(cx, cy, HEX - 1), class: "cell" }));
      root.append(g);
      hexes.set(`${q},${r}`, g);
      centres.set(`${q},${r}`, [cx, cy]);
    }
  }
  for (const colour of ["red", "green", "blue"]) {
    for (const [q, r] of position[colour] || []) {
      const [cx, cy] = hexCentre(q, r);
      const g = hexes.get(`${q},${r}`);
      g.dataset.piece = colour;
      g.append(svg("circle", { cx, cy, r: HEX * 0.62, fill: CHEXERS_COLOURS[colour], class: "piece" }));
    }
  }
  const labels = svg("g", { class: "coords", "aria-hidden": "true" });
  for (const [key, [cx, cy]] of centres) {
    const on = hexes.get(key).dataset.piece ? " on-piece" : "";
    labels.append(text(cx, cy, key, { class: `coord${on}`, "font-size": 11, "data-coord": key }));
  }
  root.append(labels);
  return { root, hexes };
}
