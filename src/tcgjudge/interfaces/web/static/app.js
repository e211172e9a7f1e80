// tcgjudge browser client: lobby, game table, replay viewer. Plain JS, no build step.
// Everything about a game comes from the server: the view of one seat (kernel/view.py), the
// pending decision's options (with the objects each concerns) and the cards' printed text.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const app = $("#app");
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const words = (k) => String(k).replace(/_/g, " ");

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "html") e.innerHTML = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) e.append(kid.nodeType ? kid : document.createTextNode(kid));
  return e;
}

let toastTimer = null;
function toast(msg) {
  const t = $("#toast");
  t.textContent = msg;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (t.hidden = true), 6000);
}

async function api(path, opts = {}) {
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) throw new Error((data && data.error) || `${r.status} ${r.statusText}`);
  return data;
}

// ------------------------------------------------------------------ rule numbers in log lines
// "(CR 1202.1)", "(SVE 11.3)", "(11.3)", "(NOVA 405.5)": the rule the engine names for a step
const RULE_RE = /\((?:(CR|SVE|NOVA) )?(\d{1,4}(?:\.\d+)+[a-z]?)\)/g;
function logLine(line) {
  const d = el("div");
  if (/^---.*---$/.test(line)) d.className = "turn";
  d.innerHTML = ruleLinks(esc(line));
  return d;
}
function ruleLinks(html) {
  return html.replace(RULE_RE, (m, pre, num) =>
    `<span class="rule" title="rule ${num} of the comprehensive rules">${pre ? pre + " " : "rule "}${num}</span>`);
}

// ------------------------------------------------------------------ cards
const SKIP = new Set(["id", "zone", "card", "name", "type", "cost", "level", "atk", "def", "hp", "orientation", "face_down", "counters",
  "stacked", "owner", "keywords", "damage", "element", "color", "race", "traits", "class", "special", "flags", "x"]);
const TYPE_KEYS = ["element", "color", "class", "race", "traits"];
const TURNED = new Set(["rested", "engaged", "tapped", "exhausted"]);
const FLIPPED = new Set(["reversed"]);

function cardTitle(o) {
  return o.name || o.card || "";
}

function statsOf(o) {
  const second = o.def ?? o.hp;
  if (o.atk !== undefined || second !== undefined) return `${o.atk ?? "–"}/${second ?? "–"}`;
  return "";
}

function typeLine(o) {
  const parts = [];
  if (o.special) parts.push(words(o.special));
  if (o.type) parts.push(o.type);
  if (o.level !== undefined) parts.push(`Lv${o.level}`);
  for (const k of TYPE_KEYS) {
    if (o[k] === undefined) continue;
    parts.push(Array.isArray(o[k]) ? o[k].join("/") : o[k]);
  }
  return parts.join(" · ");
}

function cardDetails(o, texts) {
  // every field the view gives, as lines (for the hover text and the detail panel)
  const lines = [];
  if (!o.card) {
    lines.push(o.face_down ? "a face-down card you cannot see" : "a hidden card");
  } else {
    // cards in a hand are face down by nature: say so only elsewhere
    lines.push(cardTitle(o) + (o.card !== o.name && o.name ? `  [${o.card}]` : "") + (o.face_down && o.zone !== "hand" ? "  (face down)" : ""));
    const tl = typeLine(o);
    if (tl) lines.push(tl);
    const st = ["cost", "level", "atk", "def", "hp"].filter((k) => o[k] !== undefined).map((k) => `${k} ${o[k]}`);
    if (st.length) lines.push(st.join(" · "));
    if (o.keywords && o.keywords.length) lines.push("keywords: " + o.keywords.map(words).join(", "));
    if (o.flags && o.flags.length) lines.push("flags: " + o.flags.map(words).join(", "));
  }
  if (o.orientation) lines.push(`state: ${o.orientation}`);
  if (o.damage) lines.push(`damage: ${o.damage}`);
  if (o.counters) lines.push("counters: " + Object.entries(o.counters).map(([k, v]) => `${words(k)} ${v}`).join(", "));
  if (o.x !== undefined) lines.push(`X = ${o.x}`);
  for (const [k, v] of Object.entries(o)) if (!SKIP.has(k)) lines.push(`${words(k)}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  if (o.owner) lines.push(`owner: ${o.owner}`);
  if (o.stacked && o.stacked.length) lines.push(`stacked under it (${o.stacked.length}): ` + o.stacked.map((s) => s.card ? cardTitle(s) : "hidden card").join(", "));
  const text = o.card && texts[o.card];
  return { head: lines, text: text || "" };
}

function cardEl(o, ctx, zone) {
  if (zone) o = { ...o, zone };
  const known = !!o.card;
  const cls = ["card"];
  if (!known) cls.push("back");
  else if (o.face_down && o.orientation) cls.push("facedown-known"); // face down on the field, seen by you
  if (o.orientation && TURNED.has(o.orientation)) cls.push("turned");
  if (o.orientation && FLIPPED.has(o.orientation)) cls.push("flipped");
  const e = el("div", { class: cls.join(" "), "data-id": o.id, tabindex: 0, role: "button", "aria-label": known ? cardTitle(o) : "hidden card" });
  if (!known) {
    e.append(el("div", { class: "bk" }, o.face_down ? "face down" : "hidden"));
  } else {
    const top = el("div", { class: "c-top" });
    if (o.cost !== undefined) top.append(el("span", { class: "cost" }, String(o.cost)));
    top.append(el("span", { class: "name" }, cardTitle(o) || o.card));
    e.append(top, el("div", { class: "c-type" }, typeLine(o)));
    if (o.keywords && o.keywords.length) e.append(el("div", { class: "c-kw" }, o.keywords.map(words).join(", ")));
    const st = statsOf(o);
    if (st) e.append(el("div", { class: "c-stats" }, st));
  }
  const badges = el("div", { class: "badges" });
  if (o.damage) badges.append(el("span", { class: "badge dmg", title: "damage" }, `−${o.damage}`));
  if (o.counters) for (const [k, v] of Object.entries(o.counters)) badges.append(el("span", { class: "badge ctr", title: words(k) }, `${words(k)} ${v}`));
  if (o.stacked && o.stacked.length) badges.append(el("span", { class: "badge stk", title: "cards stacked under it" }, `+${o.stacked.length}`));
  if (o.x !== undefined) badges.append(el("span", { class: "badge" }, `X=${o.x}`));
  if (badges.childNodes.length) e.append(badges);
  if (o.orientation) e.append(el("span", { class: "orient" }, o.orientation));
  ctx.objs.set(o.id, o);
  e.addEventListener("mouseenter", (ev) => showTip(o, ctx, ev));
  e.addEventListener("mousemove", moveTip);
  e.addEventListener("mouseleave", hideTip);
  e.addEventListener("focus", () => { showDetail(o, ctx); showTip(o, ctx, null, e); });
  e.addEventListener("blur", hideTip);
  e.addEventListener("click", () => { showDetail(o, ctx); ctx.onCard && ctx.onCard(o.id); });
  e.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); e.click(); } });
  return e;
}

function showTip(o, ctx, ev, anchor) {
  const d = cardDetails(o, ctx.texts);
  const tip = $("#tip");
  tip.textContent = d.head.join("\n") + (d.text ? "\n\n" + d.text : "");
  tip.hidden = false;
  if (ev) moveTip(ev);
  else if (anchor) {
    const r = anchor.getBoundingClientRect();
    placeTip(r.right + 8, r.top);
  }
  showDetail(o, ctx);
}
function placeTip(x, y) {
  const tip = $("#tip");
  const w = tip.offsetWidth, h = tip.offsetHeight;
  tip.style.left = Math.max(4, Math.min(x, window.innerWidth - w - 8)) + "px";
  tip.style.top = Math.max(4, Math.min(y, window.innerHeight - h - 8)) + "px";
}
function moveTip(ev) { placeTip(ev.clientX + 14, ev.clientY + 14); }
function hideTip() { $("#tip").hidden = true; }

function showDetail(o, ctx) {
  const box = ctx.detail;
  if (!box) return;
  const d = cardDetails(o, ctx.texts);
  box.replaceChildren(el("div", { class: "dname" }, d.head[0]), ...d.head.slice(1).map((l) => el("div", { class: "muted" }, l)),
    d.text ? el("div", { class: "dtext" }, d.text) : "");
}

// ------------------------------------------------------------------ zones and players
function zoneEl(name, z, ctx, mine) {
  if (Array.isArray(z)) {
    if (!z.length) return { small: el("span", { class: "chip", "data-zone": name }, `${words(name)}: 0`) };
    const box = el("section", { class: "zone" + (z.length > 7 ? " compact" : ""), "data-zone": name });
    box.append(el("h3", {}, `${words(name)} (${z.length})`));
    const row = el("div", { class: "cards" });
    for (const o of z) row.append(cardEl(o, ctx, name));
    box.append(row);
    return { box };
  }
  // a hidden zone: its size, and the cards of it this player may know
  const n = z.count || 0;
  const known = z.known || [];
  if (!n && !known.length) return { small: el("span", { class: "chip", "data-zone": name }, `${words(name)}: 0`) };
  const box = el("section", { class: "zone hidden-zone", "data-zone": name });
  box.append(el("h3", {}, `${words(name)} (${n})`));
  const pile = el("div", { class: "pile", title: `${n} card(s) you cannot see` });
  const backs = Math.min(n, name === "hand" ? 10 : 3);
  for (let i = 0; i < backs; i++) pile.append(el("div", { class: "mini", "aria-hidden": "true" }));
  pile.append(el("span", { class: "count", "data-count": n }, `×${n}`));
  box.append(pile);
  if (known.length) {
    box.append(el("div", { class: "stackrow" }, "known to you:"));
    const row = el("div", { class: "cards" });
    for (const o of known) row.append(cardEl(o, ctx, name));
    box.append(row);
  }
  return { box };
}

function playerEl(p, v, ctx, mine) {
  const active = v.active === p.player;
  const box = el("div", { class: "player" + (active ? " active" : "") + (mine ? " me" : " opp"), "data-player": p.player });
  const seatInfo = (ctx.seats || []).find((s) => s.seat === p.player);
  const who = p.player + (v.you === p.player ? " (you)" : "") + (seatInfo ? (seatInfo.kind === "agent" ? ` · ${seatInfo.agent} agent` : "") + (seatInfo.deck ? ` · ${seatInfo.deck}` : "") : "");
  const head = el("div", { class: "phead", "data-player": p.player }, el("span", { class: "who" }, who));
  if (active) head.append(el("span", { class: "chip" }, "turn player"));
  for (const [k, val] of Object.entries(p)) {
    if (k === "player" || k === "zones") continue;
    const shown = Array.isArray(val) ? (val.length ? val.join(", ") : "–") : (val && typeof val === "object" ? Object.entries(val).map(([a, b]) => `${words(a)} ${b}`).join(", ") : val);
    head.append(el("span", { class: "chip val", "data-key": k }, `${words(k)}: `, el("b", {}, String(shown))));
  }
  head.addEventListener("click", () => ctx.onPlayer && ctx.onPlayer(p.player));
  ctx.heads.set(p.player, head);
  const zonesBox = el("div", { class: "zones" });
  const small = el("div", { class: "smallzones" });
  let hand = null;
  for (const [name, z] of Object.entries(p.zones)) {
    const r = zoneEl(name, z, ctx, mine);
    if (r.small) small.append(r.small);
    else if (name === "hand") hand = r.box;
    else zonesBox.append(r.box);
  }
  // the hand on the outer edge: below for you, above for the opponent
  if (mine) box.append(head, zonesBox, hand || "", small);
  else box.append(head, small, hand || "", zonesBox);
  return box;
}

function boardEl(v, ctx) {
  const board = el("section", { class: "board", "aria-label": "board" });
  const me = v.you || (ctx.bottom || "p1");
  const players = v.players.slice();
  const mine = players.find((p) => p.player === me) || players[0];
  for (const p of players) if (p !== mine) board.append(playerEl(p, v, ctx, false));
  const shared = Object.entries(v.shared || {});
  const sh = el("div", { class: "shared" }, el("span", { class: "chip" }, `turn ${v.turn} · ${v.active}'s turn` + (v.phase ? ` · ${words(v.phase)}` : "") + (v.step ? ` · ${words(v.step)}` : "")));
  for (const [name, z] of shared) {
    const r = zoneEl(name, z, ctx, false);
    sh.append(r.small || r.box);
  }
  board.append(sh, playerEl(mine, v, ctx, true));
  return board;
}

function newCtx(texts) {
  return { texts, objs: new Map(), heads: new Map(), detail: null, onCard: null, onPlayer: null, seats: [] };
}

// ------------------------------------------------------------------ lobby
const PASTE_HINT = "Paste a deck: a decklist (3 Card Name, one a line; sections such as Main deck: ending with a colon), a Cockatrice .cod deck or a deck file (YAML)";
async function lobby() {
  document.title = "tcgjudge: new game";
  let meta;
  try { meta = await api("/api/meta"); } catch (e) { app.replaceChildren(el("p", {}, "Cannot reach the server: " + e.message)); return; }
  const gameSel = el("select", { id: "game", name: "game" }, meta.games.map((g) => el("option", { value: g.id }, g.title)));
  const deckSel = el("select", { id: "deck" });
  const paste = el("textarea", { id: "deck-text", placeholder: PASTE_HINT, hidden: true, spellcheck: "false" });
  const deckErr = el("pre", { id: "deck-error", class: "deck-error", role: "alert", hidden: true });
  const oppSel = el("select", { id: "opponent" }, meta.agents.map((a) => el("option", { value: "agent:" + a }, `${a} agent`)), el("option", { value: "person" }, "a person: send them a link"));
  const oppDeck = el("select", { id: "opponent-deck" });
  const seatSel = el("select", { id: "seat" }, el("option", { value: "p1" }, "p1"), el("option", { value: "p2" }, "p2"));
  const oppDeckLabel = el("label", {}, "Opponent's deck", oppDeck);
  function fillDecks() {
    const g = meta.games.find((x) => x.id === gameSel.value);
    deckSel.replaceChildren(...g.decks.map((d) => el("option", { value: d.name }, d.title)), el("option", { value: "" }, "Paste a deck…"));
    oppDeck.replaceChildren(...g.decks.map((d) => el("option", { value: d.name }, d.title)));
    if (g.decks.length > 1) oppDeck.selectedIndex = 1;
    paste.hidden = true;
  }
  gameSel.addEventListener("change", fillDecks);
  deckSel.addEventListener("change", () => (paste.hidden = deckSel.value !== ""));
  oppSel.addEventListener("change", () => (oppDeckLabel.hidden = oppSel.value === "person"));
  fillDecks();
  const start = el("button", { type: "submit", id: "start" }, "Start the game");
  const form = el("form", { id: "lobby" },
    el("h1", {}, "New game"),
    el("label", {}, "Game", gameSel),
    el("label", {}, "Your deck", deckSel), paste, deckErr,
    el("div", { class: "row" }, el("label", {}, "Opponent", oppSel), oppDeckLabel),
    el("label", {}, "Your seat", seatSel),
    start);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const deck = deckSel.value ? { shipped: deckSel.value } : { text: paste.value };
    const opponent = oppSel.value === "person" ? { person: true } : { agent: oppSel.value.slice(6), deck: { shipped: oppDeck.value } };
    start.disabled = true;
    deckErr.hidden = true;
    try {
      const r = await api("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: gameSel.value, deck, opponent, seat: seatSel.value }) });
      remember(r.id, r.token, gameSel.value);
      if (r.join_url) sessionStorage.setItem("tcgjudge:join:" + r.id, r.join_url);
      location.href = r.url;
    } catch (e) { toast(e.message); deckErr.textContent = e.message; deckErr.hidden = false; start.disabled = false; }
  });
  const mine = games().slice(-8).reverse();
  app.replaceChildren(el("div", { class: "lobby" }, form,
    mine.length ? el("div", { class: "share" }, el("h2", {}, "Your games on this browser"),
      el("ul", {}, mine.map((g) => el("li", {}, el("a", { href: `/play/${g.id}#token=${g.token}` }, `${g.game} game ${g.id}`), ` · ${new Date(g.t).toLocaleString()}`)))) : ""));
  gameSel.focus();
}

function games() {
  try { return JSON.parse(localStorage.getItem("tcgjudge:games") || "[]"); } catch (e) { return []; }
}
function remember(id, token, game) {
  const gs = games().filter((g) => g.id !== id);
  gs.push({ id, token, game, t: Date.now() });
  localStorage.setItem("tcgjudge:games", JSON.stringify(gs.slice(-30)));
}

// ------------------------------------------------------------------ playing
function play(gameId) {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  const st = { ws: null, seat: null, seq: null, view: null, table: null, log: [], texts: {}, sel: null, sent: false, retry: 0, over: false, closedResult: false, meta: null };
  window.tcgjudge = st; // for people who want to look at the data in the console
  let digits = "", digitTimer = null;

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(gameId)}`);
    st.ws = ws;
    ws.onopen = () => {
      st.retry = 0;
      ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
      setConn("connected", false);
    };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "state") onState(m);
      else if (m.type === "error") {
        toast(m.message);
        st.sent = false;
        const deckErr = document.querySelector("#join #deck-error");
        if (deckErr) { deckErr.textContent = m.message; deckErr.hidden = false; }
        if (m.fatal) { st.fatal = true; app.replaceChildren(el("p", { class: "fatal" }, m.message)); }
        else if (st.view) render(); // the options are clickable again; a form keeps what was typed
      }
    };
    ws.onclose = () => {
      if (st.fatal) return setConn("closed", true);
      setConn("reconnecting…", true);
      st.retry = Math.min(st.retry + 1, 8);
      setTimeout(connect, Math.min(250 * 2 ** st.retry, 3000));
    };
  }

  function onState(m) {
    st.seat = m.seat;
    st.table = m.table;
    if (m.log) {
      if (m.log.from === 0) st.log = [];
      st.log.length = m.log.from;
      st.log.push(...m.log.lines);
    }
    Object.assign(st.texts, m.cards || {});
    if (m.seq !== st.seq) st.sel = null;
    st.seq = m.seq ?? null;
    st.view = m.view || null;
    st.needsDeck = m.needs_deck;
    st.reason = m.reason || "";
    st.sent = false;
    render();
  }

  function send(msg) {
    if (!st.ws || st.ws.readyState !== 1) return toast("not connected: reconnecting…");
    st.ws.send(JSON.stringify(msg));
  }

  function decide(index) {
    if (st.sent) return;
    st.sent = true;
    send({ type: "decide", index, seq: st.seq });
    for (const b of document.querySelectorAll(".options button")) b.disabled = true;
  }

  function options() {
    return (st.view && st.view.decision && st.view.decision.options) || [];
  }

  // a click on a card: the option it stands for, or the options it begins (then a target)
  function onCard(id) {
    const opts = options();
    if (!opts.length || st.sent) return;
    if (st.sel !== null) {
      const hit = opts.filter((o) => o.refs[0] === st.sel && o.refs.slice(1).includes(id));
      if (hit.length === 1) return decide(hit[0].index);
      if (id === st.sel) { st.sel = null; return render(); }
    }
    let mine = opts.filter((o) => o.refs[0] === id);
    if (!mine.length) mine = opts.filter((o) => o.refs.includes(id));
    if (mine.length === 1) return decide(mine[0].index);
    if (mine.length > 1) { st.sel = id; render(); }
  }
  function onPlayer(p) {
    const opts = options();
    if (!opts.length || st.sent) return;
    const hit = opts.filter((o) => o.players.includes(p) && (st.sel === null ? o.refs.length === 0 : o.refs[0] === st.sel));
    if (hit.length === 1) decide(hit[0].index);
  }

  function render() {
    if (st.fatal) return;
    hideTip();
    const t = st.table;
    if (!t) return;
    document.title = `tcgjudge: ${t.title}`;
    document.body.dataset.status = t.status;
    if (t.status === "waiting") return renderWaiting(t);
    const v = st.view;
    const ctx = newCtx(st.texts);
    ctx.seats = t.seats;
    ctx.onCard = onCard;
    ctx.onPlayer = onPlayer;
    ctx.detail = el("div", { class: "detail", "aria-live": "polite" }, el("span", { class: "muted" }, "Point at a card (or focus it) to read it."));
    const board = boardEl(v, ctx);
    const opts = options();
    // highlight the cards and players the options concern
    for (const o of opts) {
      if (st.sel === null) {
        if (o.refs.length) ctx.objs.has(o.refs[0]) && board.querySelector(`.card[data-id="${o.refs[0]}"]`)?.classList.add("opt");
        else for (const p of o.players) ctx.heads.get(p)?.classList.add("opt");
      } else if (o.refs[0] === st.sel) {
        for (const r of o.refs.slice(1)) board.querySelector(`.card[data-id="${r}"]`)?.classList.add("target");
        for (const p of o.players) ctx.heads.get(p)?.classList.add("target");
      }
    }
    if (st.sel !== null) board.querySelector(`.card[data-id="${st.sel}"]`)?.classList.add("sel");
    const side = el("aside", { class: "side" }, decisionEl(v, opts), ctx.detail, logEl());
    app.replaceChildren(el("div", { class: "table" }, board, side));
    const lb = $(".logbox");
    lb.scrollTop = lb.scrollHeight;
    if (t.status === "over" && !st.closedResult) app.append(resultEl(v));
  }

  function decisionEl(v, opts) {
    const box = el("div", { id: "decision", class: "decision" + (opts.length ? " mine" : ""), "data-seq": st.seq ?? "" });
    if (v.result) {
      box.append(el("h2", {}, "Game over"), el("div", {}, st.reason), el("div", { class: "tools" },
        el("button", { type: "button", onclick: () => { st.closedResult = false; render(); } }, "Result"),
        st.seat ? el("button", { type: "button", onclick: downloadReplay }, "Download replay") : ""));
      return box;
    }
    if (opts.length) {
      const d = v.decision;
      const prompt = el("div", { class: "prompt" });
      prompt.innerHTML = ruleLinks(esc(`${d.prompt} (${words(d.kind)})`));
      box.append(el("h2", {}, "Your decision"), prompt);
      let shown = opts;
      if (st.sel !== null) {
        const o = { ...(ctx0(st.sel)) };
        shown = opts.filter((x) => x.refs[0] === st.sel);
        box.append(el("div", { class: "muted" }, `${o.name || o.card || "card"}: pick one, or click a highlighted target (Esc cancels)`));
      }
      const list = el("div", { class: "options", role: "group", "aria-label": "options" });
      for (const o of shown) {
        list.append(el("button", { type: "button", "data-index": o.index, "data-label": o.label, class: o.refs.length ? "hl" : "", disabled: st.sent, onclick: () => decide(o.index) },
          el("span", { class: "n" }, String(o.index + 1)), o.label));
      }
      box.append(list);
      if (st.sel !== null) box.append(el("button", { type: "button", onclick: () => { st.sel = null; render(); } }, "Cancel"));
    } else if (v.waiting_for) {
      const who = v.waiting_for.player;
      box.append(el("div", { class: "waiting", id: "waiting" }, st.seat ? `Waiting for the opponent (${who}: ${words(v.waiting_for.kind)})` : `Watching: ${who} decides (${words(v.waiting_for.kind)})`));
    }
    if (st.seat && !v.result) box.append(el("div", { class: "tools", style: "margin-top:8px" },
      el("button", { type: "button", id: "concede", onclick: () => { if (confirm("Concede this game?")) send({ type: "concede" }); } }, "Concede")));
    if (!st.seat) box.append(el("div", { class: "muted" }, "You are a spectator: you see what both players may see."));
    return box;
  }

  function ctx0(id) {
    for (const p of st.view.players) for (const z of Object.values(p.zones)) {
      const list = Array.isArray(z) ? z : z.known || [];
      for (const o of list) if (o.id === id) return o;
    }
    return {};
  }

  function logEl() {
    const box = el("div", { class: "logbox", id: "log", "aria-label": "game log" });
    for (const l of st.log) box.append(logLine(l));
    return box;
  }

  function resultEl(v) {
    const r = v.result;
    let head, cls = "";
    if (r === "draw") head = "Draw";
    else if (st.seat) { head = r === st.seat ? "You win" : "You lose"; cls = r === st.seat ? "win" : "lose"; }
    else head = `${r} wins`;
    const ov = el("div", { class: "overlay", id: "result" }, el("div", { class: "panel" },
      el("h2", { class: cls }, head), el("div", {}, st.reason), el("div", { class: "muted" }, `${v.turn} turns, ${st.seq} decisions`),
      el("div", { class: "tools" },
        st.seat ? el("button", { type: "button", id: "download", onclick: downloadReplay }, "Download replay") : "",
        st.seat ? el("button", { type: "button", id: "watch", onclick: watchReplay }, "Step through the replay") : "",
        el("button", { type: "button", onclick: () => { st.closedResult = true; render(); } }, "Look at the board"),
        el("a", { href: "/" }, el("button", { type: "button" }, "New game")))));
    return ov;
  }

  async function fetchReplay() {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/replay`, { headers: { "X-Token": token } });
    if (!r.ok) throw new Error((await r.json()).error);
    return await r.text();
  }
  async function downloadReplay() {
    try {
      const text = await fetchReplay();
      const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: `${st.table.game}-${gameId}.json` });
      document.body.append(a);
      a.click();
      a.remove();
    } catch (e) { toast(e.message); }
  }
  async function watchReplay() {
    try {
      const text = await fetchReplay();
      const r = await api("/api/replays", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
      location.href = `/replay#id=${r.id}&seat=${st.seat}`;
    } catch (e) { toast(e.message); }
  }

  function renderWaiting(t) {
    if (st.needsDeck) return renderJoin(t);
    const join = sessionStorage.getItem("tcgjudge:join:" + gameId);
    const box = el("div", { class: "share", id: "waiting-room" }, el("h1", {}, `${t.title}: waiting for your opponent`));
    if (join) {
      const url = location.origin + join;
      const inp = el("input", { id: "join-link", value: url, readonly: true, onfocus: (e) => e.target.select() });
      box.append(el("p", {}, "Send this link to the person you play with; the game starts when they have chosen a deck:"), inp,
        el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(url).then(() => toast("link copied")) }, "Copy"));
    }
    box.append(el("p", { class: "muted" }, "Spectators may watch at ", el("a", { href: `/play/${gameId}` }, location.origin + `/play/${gameId}`)));
    app.replaceChildren(box);
  }

  async function renderJoin(t) {
    if (!st.meta) { try { st.meta = await api("/api/meta"); } catch (e) { return toast(e.message); } }
    const g = st.meta.games.find((x) => x.id === t.game);
    const other = t.seats.find((s) => s.seat !== st.seat);
    const deckSel = el("select", { id: "deck" }, g.decks.map((d) => el("option", { value: d.name }, d.title)), el("option", { value: "" }, "Paste a deck…"));
    const paste = el("textarea", { id: "deck-text", hidden: true, placeholder: PASTE_HINT, spellcheck: "false" });
    const deckErr = el("pre", { id: "deck-error", class: "deck-error", role: "alert", hidden: true });
    deckSel.addEventListener("change", () => (paste.hidden = deckSel.value !== ""));
    const form = el("form", { id: "join" }, el("h1", {}, `${t.title}: you are invited`),
      el("p", {}, `You play ${st.seat} against ${other.seat}.`),
      el("label", {}, "Your deck", deckSel), paste, deckErr, el("button", { type: "submit", id: "start" }, "Join the game"));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      remember(gameId, token, t.game);
      send({ type: "deck", deck: deckSel.value ? { shipped: deckSel.value } : { text: paste.value } });
    });
    app.replaceChildren(el("div", { class: "lobby" }, form));
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
    if (ev.key === "Escape") {
      if (st.sel !== null) { st.sel = null; render(); }
      return;
    }
    if (/^[0-9]$/.test(ev.key)) {
      const opts = options();
      if (!opts.length) return;
      digits += ev.key;
      clearTimeout(digitTimer);
      const n = parseInt(digits, 10);
      const pick = () => { const k = parseInt(digits, 10); digits = ""; if (k >= 1 && k <= opts.length) decide(opts[k - 1].index); };
      if (n * 10 > opts.length) pick(); else digitTimer = setTimeout(pick, 700);
    }
  });

  connect();
}

function setConn(text, bad) {
  const c = $("#conn");
  c.textContent = text;
  c.classList.toggle("bad", bad);
}

// ------------------------------------------------------------------ replay viewer
function replayViewer() {
  document.title = "tcgjudge: replay viewer";
  const params = new URLSearchParams(location.hash.slice(1));
  const st = { id: params.get("id"), seat: params.get("seat") === "p2" ? "p2" : "p1", step: 0, steps: 0, texts: {} };
  const file = el("input", { type: "file", id: "replay-file", accept: ".json,application/json" });
  const seatSel = el("select", { id: "replay-seat" }, el("option", { value: "p1" }, "as p1"), el("option", { value: "p2" }, "as p2"));
  seatSel.value = st.seat;
  const slider = el("input", { type: "range", id: "replay-step", min: 0, max: 0, value: 0 });
  const label = el("span", { id: "replay-pos" }, "");
  const controls = el("div", { class: "rcontrols" },
    el("label", {}, "Replay file ", file), seatSel,
    el("button", { type: "button", title: "first (Home)", onclick: () => go(0) }, "« first"),
    el("button", { type: "button", id: "replay-prev", title: "previous (←)", onclick: () => go(st.step - 1) }, "◀"),
    slider,
    el("button", { type: "button", id: "replay-next", title: "next (→)", onclick: () => go(st.step + 1) }, "▶"),
    el("button", { type: "button", title: "last (End)", onclick: () => go(st.steps) }, "last »"), label);
  const body = el("div", { id: "replay-board" }, el("p", { class: "muted" }, "Open a replay file (saved with “Download replay” or `tcgjudge play --replay`) to step through it as either player."));
  app.replaceChildren(controls, body);

  file.addEventListener("change", async () => {
    const f = file.files[0];
    if (!f) return;
    try {
      const r = await api("/api/replays", { method: "POST", headers: { "Content-Type": "application/json" }, body: await f.text() });
      st.id = r.id;
      st.steps = r.steps;
      st.recorded = r.result;
      history.replaceState(null, "", `/replay#id=${r.id}&seat=${st.seat}`);
      go(0);
    } catch (e) { toast(e.message); }
  });
  seatSel.addEventListener("change", () => { st.seat = seatSel.value; go(st.step); });
  slider.addEventListener("input", () => go(parseInt(slider.value, 10)));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest && ev.target.closest("input[type=file], textarea, select")) return;
    if (ev.key === "ArrowRight") go(st.step + 1);
    else if (ev.key === "ArrowLeft") go(st.step - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(st.steps);
    else return;
    ev.preventDefault();
  });

  let want = 0;
  async function go(step) {
    if (!st.id) return;
    step = Math.max(0, Math.min(step, st.steps || step));
    const n = ++want;
    let r;
    try { r = await api(`/api/replays/${encodeURIComponent(st.id)}?step=${step}&seat=${st.seat}`); } catch (e) { return toast(e.message); }
    if (n !== want) return;
    st.step = r.step;
    st.steps = r.steps;
    Object.assign(st.texts, r.cards);
    slider.max = r.steps;
    slider.value = r.step;
    label.textContent = `decision ${r.step} of ${r.steps}`;
    history.replaceState(null, "", `/replay#id=${st.id}&seat=${st.seat}`);
    const ctx = newCtx(st.texts);
    ctx.detail = el("div", { class: "detail" }, el("span", { class: "muted" }, "Point at a card to read it."));
    const v = r.view;
    const next = r.answer ? el("div", { class: "answer", id: "replay-answer" }, r.answer.label !== null ? `next: ${r.answer.player} (${words(r.answer.kind)}): ${r.answer.label}` : `next: ${r.answer.player} decides (${words(r.answer.kind)})`) : el("div", { class: "answer" }, v.result ? `result: ${v.result === "draw" ? "draw" : v.result + " wins"}` : "end of the replay" + (st.recorded ? ` (recorded result: ${st.recorded === "draw" ? "draw" : st.recorded + " wins"}, by concession or a stop)` : ""));
    const log = el("div", { class: "logbox", id: "log" }, v.log.map(logLine));
    body.replaceChildren(el("div", { class: "table" }, boardEl(v, ctx), el("aside", { class: "side" }, el("div", { class: "decision" }, next), ctx.detail, log)));
    log.scrollTop = log.scrollHeight;
  }
  if (st.id) api(`/api/replays/${encodeURIComponent(st.id)}?step=0&seat=${st.seat}`).then((r) => { st.steps = r.steps; st.recorded = r.result; go(0); }).catch((e) => toast(e.message));
}

// ------------------------------------------------------------------ routes
function helpToggle(show) {
  $("#help").hidden = !show;
}
$("#help-btn").addEventListener("click", () => helpToggle(true));
$("#help [data-close]").addEventListener("click", () => helpToggle(false));
document.addEventListener("keydown", (ev) => {
  if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
  if (ev.key === "?") helpToggle($("#help").hidden);
  else if (ev.key === "Escape") helpToggle(false);
});

const path = location.pathname;
const m = path.match(/^\/play\/([A-Za-z0-9_-]{1,40})$/);
if (m) play(m[1]);
else if (path === "/replay") replayViewer();
else lobby();
