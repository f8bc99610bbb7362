// rulebook serve: the lobby. Every text from a game or a person goes through textContent.
"use strict";
const $ = (id) => document.getElementById(id);
const KINDS = ["human", "random", "greedy", "ismcts", "policy"];
let games = [];

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v; else if (k === "cls") e.className = v; else e.setAttribute(k, v);
  }
  for (const k of kids) if (k) e.append(k);
  return e;
}

async function api(path, body) {
  const opts = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"},
                                         body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({error: "the server's answer was not JSON"}));
  return [r.status, data];
}

function showGames() {
  const box = $("games"); box.replaceChildren();
  const select = $("game"); select.replaceChildren();
  for (const g of games) {
    const d = el("div", {cls: "game"}, el("h3", {text: g.title || g.name}));
    if (g.errors) {
      d.append(el("p", {cls: "error", text: "This game has errors and cannot be started:"}));
      for (const f of g.errors) d.append(el("div", {cls: "finding", text: f}));
    } else {
      const [lo, hi] = g.players;
      d.append(el("p", {text: `${lo === hi ? lo : lo + "-" + hi} players; variants: ${g.variants.join(", ")}`}));
      const opts = Object.entries(g.options);
      if (opts.length) {
        const ul = el("ul");
        for (const [name, o] of opts)
          ul.append(el("li", {text: `${name} (default ${o.default})${o.description ? ": " + o.description : ""}`}));
        d.append(ul);
      }
      select.append(el("option", {value: g.name, text: g.title || g.name}));
    }
    box.append(d);
  }
  chooseGame();
}

function current() { return games.find((g) => g.name === $("game").value); }

function chooseGame() {
  const g = current(); if (!g) return;
  $("game-about").textContent = g.description || "";
  $("players").min = g.players[0]; $("players").max = g.players[1];
  $("players").value = g.players[0];
  const v = $("variant"); v.replaceChildren();
  for (const name of g.variants) v.append(el("option", {value: name, text: name}));
  v.value = g.default_variant;
  const o = $("options"); o.replaceChildren(el("legend", {text: "Options"}));
  for (const [name, spec] of Object.entries(g.options)) {
    const input = spec.type === "truth" ? el("input", {type: "checkbox", "data-option": name, "data-type": spec.type})
      : el("input", {type: spec.type === "number" ? "number" : "text", "data-option": name, "data-type": spec.type});
    if (spec.type === "truth") input.checked = !!spec.default; else input.value = spec.default;
    o.append(el("label", {title: spec.description || ""}, document.createTextNode(name + " "), input,
                el("span", {cls: "dim", text: " " + (spec.allowed || "")})));
  }
  o.hidden = !Object.keys(g.options).length;
  seatsChanged();
}

function seatsChanged() {
  const n = parseInt($("players").value, 10) || 0;
  const f = $("seats"); const before = [...f.querySelectorAll("select")].map((s) => s.value);
  f.replaceChildren(el("legend", {text: "Seats"}));
  for (let k = 1; k <= Math.min(n, 12); k++) {
    const s = el("select", {"data-seat": String(k), "aria-label": `seat ${k}`});
    for (const kind of KINDS) s.append(el("option", {value: kind, text: kind === "human" ? "a person" : `bot: ${kind}`}));
    s.value = before[k - 1] || (k === 1 ? "human" : "human");
    f.append(el("label", {}, document.createTextNode(`Seat ${k} `), s));
  }
}

async function openTable(ev) {
  ev.preventDefault();
  $("form-error").textContent = "";
  const body = {game: $("game").value, players: parseInt($("players").value, 10), variant: $("variant").value,
                options: {}, seats: {}};
  for (const i of document.querySelectorAll("[data-option]")) {
    const t = i.dataset.type;
    body.options[i.dataset.option] = t === "truth" ? i.checked : t === "number" ? Number(i.value) : i.value;
  }
  for (const s of document.querySelectorAll("[data-seat]")) body.seats[s.dataset.seat] = s.value;
  const seed = $("seed").value.trim();
  if (seed) body.seed = Number(seed);
  const [status, data] = await api("/api/tables", body);
  if (status !== 201) { $("form-error").textContent = data.error || `error ${status}`; return; }
  localStorage.setItem("creator:" + data.table, data.creator);
  const ul = $("links"); ul.replaceChildren();
  for (const [k, s] of Object.entries(data.seats))
    ul.append(el("li", {}, document.createTextNode(`Seat ${k}: `), el("a", {href: s.url, text: s.url, "data-seat-link": k})));
  ul.append(el("li", {}, document.createTextNode("Spectators: "), el("a", {href: data.spectate, text: data.spectate, id: "spectate-link"})));
  $("opened").hidden = false;
  refreshTables();
}

async function refreshTables() {
  const [status, data] = await api("/api/tables");
  if (status !== 200) return;
  const ul = $("tables"); ul.replaceChildren();
  if (!data.length) ul.append(el("li", {cls: "dim", text: "none yet"}));
  for (const t of data) {
    const li = el("li", {}, el("strong", {text: t.game}),
      document.createTextNode(` - ${t.players} seats (${t.kinds.join(", ")}), ${t.decisions} decisions, `
        + (t.over ? "over" : `waiting for seat ${t.waiting.join(", ")}`) + " "),
      el("a", {href: t.spectate, text: "watch"}));
    if (t.older_definition) li.append(el("span", {cls: "older", text: " (an older definition of the game)"}));
    const creator = localStorage.getItem("creator:" + t.table);
    if (creator) {
      const b = el("button", {type: "button", text: "end it"});
      b.addEventListener("click", async () => {
        if (!confirm("End this table for everyone?")) return;
        await api(`/api/tables/${encodeURIComponent(t.table)}/end`, {token: creator});
        refreshTables();
      });
      li.append(document.createTextNode(" "), b);
    }
    ul.append(li);
  }
}

async function start() {
  const [status, data] = await api("/api/games");
  if (status !== 200) { $("games").textContent = "The games could not be listed."; return; }
  games = data;
  showGames();
  $("game").addEventListener("change", chooseGame);
  $("players").addEventListener("input", seatsChanged);
  $("table-form").addEventListener("submit", openTable);
  refreshTables();
  setInterval(refreshTables, 5000);
}
start();
