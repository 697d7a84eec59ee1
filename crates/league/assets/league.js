// The league's page: the standings for everyone, updated live (server-sent events), and each
// entrant's page (#entrant=KEY: its statistics and games, each with its replay); with a
// person's link (#token=...), their submissions, reports, an upload and the active choice;
// with the invite code, a form to join. Nothing here is trusted by the server: every request
// is checked there.

const $ = (id) => document.getElementById(id);
let me = null;

function text(tag, content, cls) {
  const e = document.createElement(tag);
  e.textContent = content;
  if (cls) e.className = cls;
  return e;
}

function interval(i) {
  return i && i.n >= 2
    ? `${i.mean.toFixed(2)} [${i.low.toFixed(2)}, ${i.high.toFixed(2)}]`
    : i ? i.mean.toFixed(2) : "";
}

function showBoard(data) {
  $("title").textContent = data.title;
  document.title = data.title;
  $("about").textContent = `${data.game} · house bots: ${data.house.join(", ")}`;
  $("counts").textContent = `${data.matches} matches, ${data.games} games`;
  const playing = $("in-play");
  playing.replaceChildren();
  for (const m of data.in_play) {
    const li = document.createElement("li");
    const a = text("a", `Match ${m.match}: ${m.names.join(", ")}`);
    a.href = `/view#/live/${m.match}`;
    a.dataset.live = String(m.match);
    li.append(a);
    playing.append(li);
  }
  $("none-in-play").hidden = data.in_play.length > 0;
  const body = $("board").querySelector("tbody");
  body.replaceChildren();
  // Once joined, the form stays only to show the new link.
  $("register").hidden = !(data.registration && !me) && $("join-link").hidden;
  data.leaderboard.forEach((r, i) => {
    const tr = document.createElement("tr");
    if (!r.active) tr.classList.add("inactive");
    if (me && r.key === `sub:${me.active}`) tr.classList.add("mine");
    const name = document.createElement("td");
    const link = text("a", r.label + (r.active ? "" : " (inactive)"));
    link.href = `#entrant=${r.key}`;
    name.append(link);
    tr.append(
      text("td", String(i + 1), "num"),
      name,
      text("td", `${r.mu.toFixed(2)} ± ${r.sigma.toFixed(2)}`, "num"),
      text("td", String(r.games), "num"),
      text("td", interval(r.score), "num"),
      text("td", interval(r.win_rate), "num"),
    );
    tr.dataset.label = r.label;
    tr.dataset.games = String(r.games);
    body.append(tr);
  });
}

async function api(path, options = {}) {
  const response = await fetch(path, { credentials: "same-origin", ...options });
  const body = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw new Error(body.error || `${response.status}`);
  return body;
}

async function showMe() {
  me = await api("/api/league/me");
  $("me").hidden = false;
  $("who").textContent = `${me.name}: your active submission is ${me.active ? "#" + me.active : "none yet"}.`;
  const list = $("mine");
  list.replaceChildren();
  for (const s of [...me.submissions].reverse()) {
    const li = document.createElement("li");
    li.dataset.submission = String(s.id);
    li.append(text("strong", `#${s.id} ${s.file}`), text("span", ` · ${s.kind} · `),
      text("span", s.status, s.status));
    if (s.status === "passed" && s.id !== me.active) {
      const b = text("button", "Make active");
      b.addEventListener("click", async () => {
        try {
          await api("/api/league/active", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ submission: s.id }),
          });
          await showMe();
        } catch (e) { $("status").textContent = e.message; }
      });
      li.append(text("span", " "), b);
    }
    if (s.report) li.append(text("pre", s.report));
    // Its logs (what it wrote to its standard error), on demand: the owner's alone.
    const logs = text("button", "Show its logs");
    logs.dataset.logs = String(s.id);
    logs.addEventListener("click", async () => {
      try {
        const d = await api(`/api/league/submissions/${s.id}`);
        const shown = text("pre", `Its check:\n${d.log || "(nothing)"}\n\nIts ladder matches:\n${d.ladder_log || "(nothing)"}`, "log");
        logs.replaceWith(shown);
      } catch (e) { $("status").textContent = e.message; }
    });
    li.append(logs);
    list.append(li);
  }
}

async function finalStatus() {
  const f = await api("/api/league/final");
  $("final-status").textContent = f.error ? `The final stopped: ${f.error}`
    : f.playing ? "The final is playing…" : f.made ? "The final is over." : "No final yet.";
  $("csv").hidden = !(f.made && !f.playing && !f.error);
  if (f.playing) setTimeout(() => finalStatus().catch(() => {}), 1000);
}

$("final").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const games = Number($("games").value);
    const answer = await api("/api/league/final", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deadline: $("deadline").value.trim(), games }),
    });
    $("final-status").textContent = `The final of ${answer.finalists} people has started.`;
  } catch (e) {
    $("final-status").textContent = `Refused: ${e.message}`;
  }
  await finalStatus().catch(() => {});
});

async function login() {
  const m = location.hash.match(/token=([0-9a-f]+)/);
  if (m) {
    // The token buys a session cookie; it leaves the address bar and the history at once.
    history.replaceState(null, "", location.pathname);
    try {
      await api("/api/league/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: m[1] }),
      });
    } catch (e) { $("status").textContent = e.message; return; }
  }
  try { await showMe(); } catch { /* not signed in: the standings only */ }
  if (me && me.organiser) {
    $("organiser").hidden = false;
    await finalStatus().catch(() => {});
  }
}

$("upload").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = $("file").files[0];
  if (!file) return;
  $("status").textContent = `Checking ${file.name}…`;
  let said;
  try {
    const answer = await api(`/api/league/submissions?file=${encodeURIComponent(file.name)}`, {
      method: "POST",
      body: file,
    });
    said = `Submission #${answer.submission} ${answer.passed ? "passed its check" : "did not pass its check"}.`;
  } catch (e) {
    said = `Refused: ${e.message}`;
  }
  // The list first, then the word: what the status says is on the page by then.
  await showMe().catch(() => {});
  $("status").textContent = said;
});

// An entrant's page: its statistics and newest games, each game's replay a link to the viewer.
async function showEntrant(key) {
  const e = await api(`/api/league/entrants/${encodeURIComponent(key)}`);
  $("entrant-name").textContent = e.label;
  $("entrant-stats").textContent = `Rating ${e.mu.toFixed(2)} ± ${e.sigma.toFixed(2)} · ${e.games} games`
    + ` · score ${interval(e.score)} · win rate ${interval(e.win_rate)}`
    + ` · ${e.faults} faults, ${e.forfeits} forfeits${e.active ? "" : " · inactive"}`;
  const body = $("played").querySelector("tbody");
  body.replaceChildren();
  for (const g of e.played) {
    const tr = document.createElement("tr");
    const open = document.createElement("td");
    const a = text("a", "Replay");
    a.href = `/view#/replay/${g.replay}`;
    a.dataset.replay = g.replay;
    open.append(a);
    const result = g.forfeited ? "forfeited" : g.won ? "won" : "";
    tr.append(
      text("td", `${g.match} · game ${g.game + 1}`),
      text("td", String(g.seat + 1), "num"),
      text("td", g.table.join(", ")),
      text("td", g.returns.join(" / "), "num"),
      text("td", result + (g.faults ? ` (${g.faults} faults)` : "")),
      open,
    );
    body.append(tr);
  }
}

async function route() {
  const m = location.hash.match(/^#entrant=(.+)$/);
  $("entrant").hidden = !m;
  $("standings").hidden = !!m;
  if (m) {
    try { await showEntrant(decodeURIComponent(m[1])); } catch (e) { $("entrant-stats").textContent = e.message; }
  }
}
window.addEventListener("hashchange", () => { route(); });

$("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const answer = await api("/api/league/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: $("join-name").value, invite: $("join-code").value.trim() }),
    });
    const url = `${location.origin}/#token=${answer.token}`;
    $("join-url").textContent = url;
    $("join-url").href = url;
    $("join-link").hidden = false;
    $("join").hidden = true;
    $("join-status").textContent = `Welcome, ${answer.name}.`;
    await showMe();
  } catch (e) {
    $("join-status").textContent = `Refused: ${e.message}`;
  }
});

function live() {
  const events = new EventSource("/api/league/events");
  events.addEventListener("standings", (e) => showBoard(JSON.parse(e.data)));
  events.onerror = () => { /* the browser reconnects by itself */ };
}

await login();
showBoard(await api("/api/league"));
live();
await route();
