// rulebook serve: a seat's page (or a spectator's). It shows one message of the API, the
// seat's view, and asks the server for decisions; it decides nothing. Every text from a game
// goes through textContent; the boards' SVG is the server's, its texts escaped there.
"use strict";
const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);   // table ID seat K | table ID spectate
const TABLE = decodeURIComponent(parts[1] || "");
const SEAT = parts[2] === "seat" ? parseInt(parts[3], 10) : null;
const TOKEN = SEAT === null ? null : decodeURIComponent(location.hash.slice(1));
const BASE = `/api/tables/${encodeURIComponent(TABLE)}/` + (SEAT === null ? "spectate" : `seat/${SEAT}`);
let msg = null, sending = false, backoff = 500, socket = null, lastDecision = -1;
let openGroups = new Set();     // the option groups opened at this decision (kept across pushes)

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v; else if (k === "cls") e.className = v; else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}
const words = (name) => String(name).replace(/_/g, " ");

function setConn(text, lost) { const c = $("conn"); c.textContent = text; c.classList.toggle("lost", !!lost); }

async function post(path, body) {
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                               body: JSON.stringify(body)});
  const data = await r.json().catch(() => ({error: "the server's answer was not JSON"}));
  return [r.status, data];
}

async function load() {
  const url = BASE + (TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "");
  const r = await fetch(url);
  if (r.status === 403) { setConn("This link's key is not valid for this seat.", true); return false; }
  if (r.status === 404) { setConn("There is no such table on this server.", true); return false; }
  if (r.ok) render(await r.json());
  return r.ok;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${proto}//${location.host}${BASE}/ws` + (TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "");
  socket = new WebSocket(url);
  socket.onopen = () => { backoff = 500; setConn("connected"); };
  socket.onmessage = (ev) => { let m = null; try { m = JSON.parse(ev.data); } catch (e) { return; } render(m); };
  socket.onclose = () => {
    setConn(`connection lost; trying again in ${Math.round(backoff / 1000)} s...`, true);
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 15000);
  };
}

// ------------------------------------------------------------------ drawing
function render(m) {
  if (!m || !m.view) return;
  if (msg && m.table === msg.table && m.version < msg.version) return;   // an older message
  msg = m;
  const v = m.view;
  document.title = `${v.name} - ${v.seat_label}`;
  $("title").textContent = `${v.name} - ${v.seat_label}` + (v.phase ? ` - ${words(v.phase)}` : "");
  $("status").textContent = v.status || "";
  drawBoards(m);
  drawSeats(m);
  drawYours(v);
  drawLog(m);
  drawDecision(m);
  drawResult(m);
}

function drawBoards(m) {
  const box = $("board"); box.replaceChildren();
  const svgs = Object.entries(m.svg || {});
  $("board-panel").hidden = !svgs.length;
  for (const [name, text] of svgs) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    if (svgs.length > 1) box.append(el("h3", {text: words(name)}));
    box.append(svg);
    for (const p of svg.querySelectorAll("[data-place]")) {
      const open = () => showPlace(m.view.boards[name], p.getAttribute("data-place"));
      p.addEventListener("click", open);
      p.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(); } });
    }
  }
  const b = Object.values(m.view.boards || {})[0];
  $("board-key").textContent = b ? (svgs[0][1].match(/aria-label="([^"]*)"/) || ["", ""])[1]
    .replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&") : "";
}

function showPlace(board, place) {
  const cell = board && board.cells[place];
  const box = $("details"); box.replaceChildren(el("h3", {text: place}));
  if (cell) {
    const feats = Object.entries(cell.features || {}).filter(([, x]) => x !== false && x !== null);
    if (feats.length) box.append(el("p", {cls: "dim", text: feats.map(([k, x]) => `${words(k)} ${x}`).join(", ")}));
    if (!cell.cards.length) box.append(el("p", {cls: "dim", text: "nothing here"}));
    for (const c of cell.cards) box.append(cardDetails(c.card || "(a card you may not see)"));
  }
  $("details-panel").hidden = false;
}

function detailLines(label) {
  const d = ((msg && msg.view.card_details) || {})[label];
  if (!d) return [[], ""];
  if (Array.isArray(d)) return [d.map(String), ""];
  const lines = d.lines || d.details || [];
  const mark = d.remembered === undefined || d.remembered === null ? "" : (d.remembered ? "remembered" : "face up");
  return [lines.map(String), mark];
}

function cardDetails(label) {
  const [lines, mark] = detailLines(label);
  const box = el("div", {cls: "zone"}, el("div", {cls: "name", text: label + (mark ? ` (${mark})` : "")}));
  if (lines.length) { const ul = el("ul"); for (const l of lines) ul.append(el("li", {text: l})); box.append(ul); }
  return box;
}

function showCard(label) {
  $("details").replaceChildren(cardDetails(label));
  $("details-panel").hidden = false;
}

function cardList(z) {
  const span = el("span");
  if (!z.cards) { span.append(el("span", {cls: "dim", text: z.count === undefined ? "hidden" : `${z.count} hidden`})); return span; }
  if (!z.cards.length) { span.append(el("span", {cls: "dim", text: "empty"})); return span; }
  for (const c of z.cards) {
    if (c === "(hidden)") { span.append(el("span", {cls: "card hiddencard", text: c})); continue; }
    const b = el("button", {type: "button", cls: "card", text: c});
    b.addEventListener("click", () => showCard(c.replace(/ \[.*\]$/, "")));
    span.append(b);
  }
  return span;
}

function drawSeats(m) {
  const v = m.view;
  const box = $("seats"); box.replaceChildren();
  const counters = Object.entries(v.counters || {});
  const values = Object.entries(v.values || {});
  if (counters.length || values.length)
    box.append(el("p", {text: [...counters, ...values].map(([k, x]) => `${words(k)} ${fmt(x)}`).join("; ")}));
  const roles = Object.entries(v.roles || {}).filter(([, x]) => x);
  if (roles.length) box.append(el("p", {cls: "dim", text: roles.map(([r, who]) => `${words(r)}: ${who}`).join("; ")}));
  const t = el("table", {cls: "seats"});
  const waiting = new Set(v.waiting);
  for (const s of v.seats) {
    const who = m.players[s.seat] || {};
    const stats = [...Object.entries(s.counters || {}), ...Object.entries(s.stats || {}), ...Object.entries(s.values || {})]
      .map(([k, x]) => `${words(k)} ${fmt(x)}`).join(", ");
    const state = who.kind && who.kind !== "human" ? `bot (${who.kind})` : (who.connected ? "connected" : "away");
    const row = el("tr", {cls: s.you ? "you" : ""},
      el("th", {text: s.label + (s.you ? " (you)" : "")}),
      el("td", {cls: who.connected || who.kind !== "human" ? "connected" : "away", text: state}),
      el("td", {cls: "waiting", text: waiting.has(s.label) ? "deciding" : ""}),
      el("td", {text: stats}));
    t.append(row);
    if (!s.you) {
      for (const [name, z] of Object.entries(s.zones || {})) {
        if (!z.count && !(z.cards && z.cards.length)) continue;
        t.append(el("tr", {}, el("td", {}), el("td", {cls: "dim", text: words(name)}), el("td", {colspan: "2"}, cardList(z))));
      }
    }
  }
  box.append(t);
  const table = Object.entries(v.zones || {}).filter(([, z]) => z.count || (z.cards && z.cards.length));
  for (const [name, z] of table)
    box.append(el("div", {cls: "zone"}, el("span", {cls: "name", text: words(name) + ": "}), cardList(z)));
}

function fmt(x) {
  if (x === null || x === undefined) return "-";
  if (typeof x === "object") return Array.isArray(x) ? x.map(fmt).join(", ") : Object.entries(x).map(([k, y]) => `${k}: ${fmt(y)}`).join(", ");
  return String(x);
}

function drawYours(v) {
  const box = $("yours"); box.replaceChildren();
  const me = v.seats.find((s) => s.you);
  $("yours-panel").hidden = !me;
  if (!me) return;
  for (const [name, z] of Object.entries(me.zones || {}))
    box.append(el("div", {cls: "zone"}, el("span", {cls: "name", text: `${words(name)} (${z.count === undefined ? "?" : z.count}): `}), cardList(z)));
}

function drawLog(m) {
  const ol = $("log");
  const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 4;
  ol.replaceChildren();
  m.log.forEach((line, i) => {
    const li = el("li", {text: line});
    if (m.since !== null && m.since !== undefined && i === m.since && m.since < m.log.length) li.className = "since";
    ol.append(li);
  });
  if (atEnd || m.decision !== lastDecision) ol.scrollTop = ol.scrollHeight;
}

function drawDecision(m) {
  const v = m.view;
  const box = $("options");
  const filter = $("filter");
  const had = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.option : undefined;
  box.replaceChildren();
  $("undo").hidden = SEAT === null || m.over;
  const deciding = v.waiting.filter((w) => !v.options || w !== v.seat_label);
  const players = Object.fromEntries(m.players.map((p) => [p.label, p]));
  $("waiting").textContent = m.ended ? "This table was ended by its creator." :
    m.over ? "The game is over." :
    deciding.length ? "Waiting for " + deciding.map((w) => w + (players[w] && players[w].kind === "human" && !players[w].connected ? " (not connected)" : "")).join(", ") + "." : "";
  const steps = $("steps"); steps.replaceChildren();
  steps.hidden = !v.steps;
  if (v.steps) {
    if (!v.steps.length) steps.append(el("li", {cls: "dim", text: "(no step yet)"}));
    for (const s of v.steps) steps.append(el("li", {text: s}));
  }
  box.dataset.decision = v.options ? String(m.decision) : "";
  if (!v.options) { $("prompt").textContent = ""; filter.hidden = true; lastDecision = m.decision; return; }
  $("prompt").textContent = v.prompt || "Your decision";
  if (m.decision !== lastDecision) { filter.value = ""; $("note").textContent = ""; openGroups = new Set(); }
  filter.hidden = v.options.length < 8;
  const button = (i) => {
    const b = el("button", {type: "button", "data-option": String(i), text: v.options[i]});
    b.addEventListener("click", () => decide(i));
    b.addEventListener("focus", () => hint(v.options[i]));
    b.addEventListener("mouseenter", () => hint(v.options[i]));
    return b;
  };
  if (v.groups) {
    v.groups.forEach(([name, idx], gi) => {
      const d = el("details", {"data-group": String(gi)}, el("summary", {text: `${name} (${idx.length})`}));
      if (v.groups.length <= 3 || openGroups.has(gi)) d.open = true;
      d.addEventListener("toggle", () => { if (d.open) openGroups.add(gi); else openGroups.delete(gi); });
      const g = el("div", {cls: "group"});
      for (const i of idx) g.append(button(i));
      d.append(g); box.append(d);
    });
  } else {
    v.options.forEach((_, i) => box.append(button(i)));
  }
  applyFilter();
  if (had !== undefined && m.decision === lastDecision) {
    const again = box.querySelector(`[data-option="${had}"]`); if (again) again.focus();
  }
  lastDecision = m.decision;
}

function hint(label) {
  const details = (msg && msg.view.card_details) || {};
  const found = Object.keys(details).filter((name) => name && label.includes(name)).slice(0, 2);
  if (!found.length) return;
  $("details").replaceChildren(...found.map(cardDetails));
  $("details-panel").hidden = false;
}

function applyFilter() {
  const q = $("filter").value.trim().toLowerCase();
  for (const b of $("options").querySelectorAll("button")) b.hidden = !!q && !b.textContent.toLowerCase().includes(q);
  for (const d of $("options").querySelectorAll("details")) {
    const any = [...d.querySelectorAll("button")].some((b) => !b.hidden);
    d.hidden = !any; if (q && any) d.open = true;
  }
}

function drawResult(m) {
  const r = m.result;
  $("result-panel").hidden = !m.over;
  const box = $("result"); box.replaceChildren();
  if (!m.over) return;
  if (!r) { box.append(el("p", {text: "The game is over."})); return; }
  box.append(el("p", {cls: "you", text: r.capped ? "The game stopped at its cap: no winner." :
    r.draw ? `A draw between ${r.winners.join(", ")}.` : `${r.winners.join(", ")} won.`}));
  const t = el("table", {cls: "seats"});
  for (const [who, score] of Object.entries(r.scores || {})) t.append(el("tr", {}, el("th", {text: who}), el("td", {text: fmt(score)})));
  box.append(t);
}

// ------------------------------------------------------------------ asking
async function decide(i) {
  if (sending || !msg) return;
  sending = true;
  try {
    const [status, data] = await post(BASE, {token: TOKEN, decision: msg.decision, option: i});
    if (data && data.view) render(data);
    $("note").textContent = status === 200 ? "" : (data.error || `error ${status}`);
  } catch (e) {
    $("note").textContent = "The server could not be reached; your decision was not sent.";
  } finally { sending = false; }
}

async function undo() {
  const [status, data] = await post(BASE + "/undo", {token: TOKEN});
  if (data && data.view) render(data);
  $("note").textContent = data.note || data.error || "";
}

$("filter").addEventListener("input", applyFilter);
$("filter").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter") {
    const first = [...$("options").querySelectorAll("button")].find((b) => !b.hidden);
    if (first) first.click();
  }
});
$("undo").addEventListener("click", undo);
document.addEventListener("keydown", (ev) => {
  if (ev.target && (ev.target.tagName === "INPUT")) return;
  if (ev.key === "/") { ev.preventDefault(); const f = $("filter"); if (!f.hidden) f.focus(); }
  if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); undo(); }
});
load().then((ok) => { if (ok) connect(); });
