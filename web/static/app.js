// Nova Luna solo in the browser. This script draws what the server answers
// and sends the player's clicks; it knows no rule of the game. The line
// played so far is the whole state: it is sent with every command.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const HISTORY_KEY = "novaluna.history";
  const COLOURS = { R: "red", B: "blue", T: "turquoise", Y: "yellow" };

  const st = {
    tiles: {},      // id -> tile
    puzzle: null,   // from /api/today, /api/daily/D, /api/seed/N
    pos: null,      // the position the server answered last
    selected: 0,    // the tile id chosen, 0 for none
    par: 0,
    recorded: null, // the history entry this page added for the finished game
    busy: false,
  };

  // ---- server ----

  async function api(path, body) {
    const opts = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
    const r = await fetch(path, opts);
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    return { status: r.status, data: data, retry: r.headers.get("Retry-After") };
  }

  function request(extra) {
    const b = { line: st.pos.line };
    if (st.puzzle.date) b.date = st.puzzle.date;
    return Object.assign(b, extra || {});
  }

  // ---- drawing ----

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function tileWords(id, covered) {
    const t = st.tiles[id];
    if (!t) return "tile " + id;
    let w = "tile #" + id + ", " + t.name + ", cost " + t.cost;
    if (t.tasks.length === 0) return w + ", no tasks";
    const tasks = t.tasks.map(function (task, i) {
      const counts = {};
      task.forEach(function (c) { counts[c] = (counts[c] || 0) + 1; });
      const words = Object.keys(counts).map(function (c) { return counts[c] + " " + COLOURS[c]; }).join(" ");
      return words + (covered && covered[i] ? " (covered)" : "");
    });
    return w + "; tasks: " + tasks.join("; ");
  }

  // tileElement draws a tile as on the PDF sheet: the face in its colour,
  // the cost in a disc, the id, and each task as a bar of coloured circles
  // with the colour's letter; a covered task shows a token.
  function tileElement(id, covered) {
    const t = st.tiles[id];
    const d = el("div", "tile c-" + t.colour);
    d.dataset.tile = String(id);
    d.setAttribute("aria-hidden", "true");
    d.appendChild(el("span", "cost", String(t.cost)));
    d.appendChild(el("span", "tid", t.colour + " #" + id));
    const tasks = el("span", "tasks");
    if (t.tasks.length === 0) tasks.appendChild(el("span", "none", "no tasks"));
    t.tasks.forEach(function (task, i) {
      const bar = el("span", "task");
      task.forEach(function (c) { bar.appendChild(el("span", "dot c-" + c, c)); });
      if (covered && covered[i]) {
        bar.classList.add("covered");
        bar.appendChild(el("span", "token"));
      }
      tasks.appendChild(bar);
    });
    d.appendChild(tasks);
    return d;
  }

  function drawStatus() {
    const p = st.pos;
    let turn = p.over ? "Game over after " + p.line.moves.length + " turns" : "Turn " + p.turn + " · " + p.phase;
    const need = p.phase === "phase 1" ? p.tokens_phase1 : p.tokens_total;
    turn += " · tokens " + p.tokens + "/" + (p.over ? p.tokens_total : need);
    if (p.hard) turn += " · hard mode";
    $("turn").textContent = turn;
    const notes = $("notes");
    notes.replaceChildren();
    [["S1", p.score.s1], ["P1", p.score.p1], ["S2", p.score.s2], ["P2", p.score.p2], ["Score", p.score.total]].forEach(function (n) {
      const div = el("div", n[0] === "Score" ? "total" : "");
      div.appendChild(el("dt", "", n[0]));
      div.appendChild(el("dd", "", String(n[1])));
      notes.appendChild(div);
    });
  }

  function drawWheel() {
    const ol = $("wheel");
    ol.replaceChildren();
    st.pos.wheel.forEach(function (sp) {
      const li = el("li", "space");
      if (sp.moon) {
        li.classList.add("moon");
        li.appendChild(el("span", "moon-mark", "☾"));
        li.setAttribute("aria-label", "the moon, space " + sp.space);
        ol.appendChild(li);
        return;
      }
      if (!sp.tile) {
        li.classList.add("empty");
        li.setAttribute("aria-label", "space " + sp.space + ", empty");
        ol.appendChild(li);
        return;
      }
      const b = el("button", "take");
      b.type = "button";
      b.dataset.take = String(sp.tile);
      if (sp.slot) {
        b.classList.add("takeable");
        b.dataset.slot = sp.slot;
        b.appendChild(el("span", "slot", sp.slot));
      }
      b.setAttribute("aria-pressed", st.selected === sp.tile ? "true" : "false");
      b.setAttribute("aria-label", (sp.slot ? "slot " + sp.slot + ": " : "space " + sp.space + ", not takeable: ") + tileWords(sp.tile));
      b.disabled = st.pos.over;
      b.appendChild(tileElement(sp.tile));
      b.addEventListener("click", function () { choose(sp.tile); });
      li.appendChild(b);
      ol.appendChild(li);
    });
  }

  function drawDisplay() {
    const p = st.pos;
    const box = $("display");
    box.replaceChildren();
    const pts = p.display.map(function (t) { return [t.x, t.y]; }).concat(p.cells.map(function (c) { return [c.x, c.y]; }));
    if (pts.length === 0) return;
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    pts.forEach(function (q) {
      minX = Math.min(minX, q[0]); maxX = Math.max(maxX, q[0]);
      minY = Math.min(minY, q[1]); maxY = Math.max(maxY, q[1]);
    });
    const cols = maxX - minX + 1, rows = maxY - minY + 1;
    const width = Math.max(200, box.parentElement.clientWidth - 4);
    const cell = Math.max(40, Math.min(96, Math.floor(width / cols) - 4));
    box.style.setProperty("--cell", cell + "px");
    box.style.gridTemplateColumns = "repeat(" + cols + ", var(--cell))";
    box.style.gridTemplateRows = "repeat(" + rows + ", var(--cell))";
    const place = function (e, x, y) {
      e.style.gridColumn = String(x - minX + 1);
      e.style.gridRow = String(y - minY + 1);
      box.appendChild(e);
    };
    p.display.forEach(function (t) {
      const wrap = el("div", "placed");
      wrap.setAttribute("role", "img");
      wrap.setAttribute("aria-label", "x " + t.x + ", y " + t.y + ": " + tileWords(t.tile, t.covered));
      wrap.appendChild(tileElement(t.tile, t.covered));
      place(wrap, t.x, t.y);
    });
    p.cells.forEach(function (c, i) {
      const b = el("button", "cell");
      b.type = "button";
      b.dataset.x = String(c.x);
      b.dataset.y = String(c.y);
      b.appendChild(el("span", "cell-n", String(i + 1)));
      b.setAttribute("aria-label", "place on cell " + (i + 1) + ", x " + c.x + ", y " + c.y);
      if (st.selected) b.classList.add("armed");
      b.addEventListener("click", function () { placeOn(c.x, c.y); });
      place(b, c.x, c.y);
    });
  }

  function drawControls() {
    const p = st.pos;
    $("undo").disabled = !p.can_undo || st.busy;
    $("hint").disabled = p.hard || p.over || st.busy;
    $("end").disabled = p.over || st.busy || p.phase !== "phase 1";
    $("end").classList.toggle("ready", p.can_end_phase1);
    const hard = $("hard");
    hard.setAttribute("aria-pressed", p.hard ? "true" : "false");
    hard.disabled = p.line.moves.length > 0 || st.busy;
    hard.textContent = p.hard ? "Hard mode: on" : "Hard mode";
  }

  function draw() {
    drawStatus();
    drawWheel();
    drawDisplay();
    drawControls();
    drawEnd();
    save();
  }

  function say(text, bad) {
    const m = $("msg");
    m.textContent = text;
    m.classList.toggle("bad", !!bad);
  }

  // ---- actions ----

  function choose(id) {
    if (st.busy || st.pos.over) return;
    st.selected = st.selected === id ? 0 : id;
    drawWheel();
    drawDisplay();
    if (st.selected) {
      say("Tile #" + id + " chosen: now a highlighted cell of your display.");
      const first = document.querySelector("#display .cell");
      if (first) first.focus();
    } else {
      say("");
    }
  }

  async function command(extra, describe) {
    if (st.busy) return;
    st.busy = true;
    drawControls();
    const before = st.pos;
    try {
      const r = await api("/api/play", request(extra));
      if (r.status === 200) {
        st.pos = r.data;
        st.selected = 0;
        say(describe(before, st.pos));
      } else if (r.status === 422 && r.data && r.data.refused) {
        st.pos = r.data;
        st.selected = 0;
        say(refusal(r.data.refused), true);
      } else {
        say(refusal(r.data || { error: "the server answered " + r.status }), true);
      }
    } catch (e) {
      say("The server cannot be reached: " + e.message, true);
    } finally {
      st.busy = false;
    }
    draw();
    if (st.pos.over && !before.over) finished();
    if (!st.pos.over && before.over) unfinished();
  }

  function refusal(e) {
    let t = "Refused: ";
    if (e.rule) t += "rule " + e.rule + (e.turn ? ", turn " + e.turn : "") + ": ";
    return t + e.error + ".";
  }

  function placeOn(x, y) {
    if (!st.selected) {
      say("Choose a tile on the wheel first (a, b or c).", true);
      return;
    }
    const tile = st.selected;
    command({ do: "move", tile: tile, x: x, y: y }, function (b, a) {
      let t = "Turn " + b.turn + ": #" + tile + " to (" + x + ", " + y + ")";
      const got = a.tokens - b.tokens;
      if (got > 0) t += "; +" + got + (got === 1 ? " token" : " tokens");
      if (b.phase === "phase 1" && a.phase === "phase 2") t += ". The wheel is empty, so phase 1 is over (R12)";
      return t + ".";
    });
  }

  function endPhase1() {
    command({ do: "end" }, function (b, a) {
      return "Phase 1 is over after " + a.line.moves.length + " turns: S1 " + a.score.s1 + ", P1 " + a.score.p1 + ". The wheel is refilled (R14).";
    });
  }

  function undo() {
    command({ do: "undo" }, function () { return "Took back the last action."; });
  }

  async function hint() {
    if (st.busy) return;
    st.busy = true;
    drawControls();
    say("The solver is thinking…");
    try {
      const r = await api("/api/hint", request());
      if (r.status === 200) {
        st.pos = r.data.position;
        const h = r.data.hint;
        let what = h.end ? "end phase 1 now" : "take #" + h.tile + " to (" + h.x + ", " + h.y + ")";
        const slot = st.pos.wheel.find(function (s) { return s.tile === h.tile && s.slot; });
        if (!h.end && slot) what = "take " + slot.slot + " (#" + h.tile + ") to (" + h.x + ", " + h.y + ")";
        say("Hint: " + what + ". The best line found from here scores " + h.score + (h.optimal ? " (proven best)." : " (no line can score below " + h.lower_bound + ")."));
      } else if (r.status === 503) {
        say("The solver is busy; try again in " + (r.retry || "a few") + " seconds.", true);
      } else {
        say(refusal(r.data || { error: "the server answered " + r.status }), true);
      }
    } catch (e) {
      say("The server cannot be reached: " + e.message, true);
    } finally {
      st.busy = false;
    }
    draw();
  }

  function toggleHard() {
    if (st.pos.line.moves.length > 0) return;
    const line = Object.assign({}, st.pos.line);
    if (st.pos.hard) delete line.assists; else line.assists = { hints: 0, undos: 0, hard: true };
    st.pos.line = line;
    command({}, function (b, a) { return a.hard ? "Hard mode: no hints and no undo for this game." : "Hard mode is off."; });
  }

  // ---- the end of the game ----

  function drawEnd() {
    const p = st.pos;
    const box = $("end-box");
    box.hidden = !p.over;
    // Nothing is left to take once the game is over.
    $("wheel-box").hidden = p.over;
    $("game").classList.toggle("over", p.over);
    if (!p.over) return;
    let fin = "You scored " + p.score.total + ".";
    const par = p.par || st.par;
    if (par) {
      const d = p.score.total - par;
      fin += " Par is " + par + ": " + (d === 0 ? "you made par." : d < 0 ? "you beat it by " + (-d) + "." : d + " over par.");
    } else if (st.puzzle.kind === "daily") {
      fin += " Par is being worked out…";
    }
    $("final").textContent = fin;
    const tb = document.querySelector("#breakdown tbody");
    tb.replaceChildren();
    [["S1", p.score.s1, "tile costs at the end of phase 1"], ["P1", p.score.p1, "10 per token short of 8 in phase 1"],
     ["S2", p.score.s2, "tile costs at the end"], ["P2", p.score.p2, "10 per token short of 21"],
     ["Tokens", p.score.tokens, "placed of 21"], ["Score", p.score.total, "lower is better"]].forEach(function (r) {
      const tr = el("tr", r[0] === "Score" ? "total" : "");
      tr.appendChild(el("th", "", r[0]));
      tr.appendChild(el("td", "num", String(r[1])));
      tr.appendChild(el("td", "faint", r[2]));
      tb.appendChild(tr);
    });
    $("share-box").hidden = !p.share;
    $("share").value = p.share || "";
  }

  function finished() {
    record();
    if (st.puzzle.kind === "daily" && !st.pos.par) {
      loadPar().then(function () {
        // The share line names the par once it is known.
        if (st.par) command({}, function () { return "The game is over."; });
      });
    }
    $("end-title").focus();
  }

  function unfinished() {
    if (st.recorded) {
      const h = loadHistory().filter(function (e) { return e.finished_at !== st.recorded.finished_at || e.score !== st.recorded.score; });
      storeHistory(h);
      st.recorded = null;
    }
    $("review").replaceChildren();
  }

  async function loadPar() {
    if (st.puzzle.kind !== "daily") return;
    for (let i = 0; i < 5; i++) {
      const r = await api("/api/par/" + st.puzzle.date);
      if (r.status === 200) { st.par = r.data.par; return; }
      if (r.status !== 503) return;
      await new Promise(function (res) { setTimeout(res, 1000 * (Number(r.retry) || 2)); });
    }
  }

  async function review() {
    const box = $("review");
    box.replaceChildren(el("p", "", "The solver is reviewing your game…"));
    $("review-btn").disabled = true;
    try {
      const r = await api("/api/review", request());
      if (r.status !== 200) {
        box.replaceChildren(el("p", "bad", r.status === 503 ? "The solver is busy; try again in a few seconds." : refusal(r.data || { error: "the server answered " + r.status })));
        return;
      }
      const v = r.data;
      const parts = [];
      let head = "The best line found scores " + v.best + (v.best_proven ? " (proven best)" : " (no line scores below " + v.lower_bound + ")") + "; yours " + v.score + ".";
      if (v.part_turn > 0 && v.better_move) {
        head += " It parts from yours at turn " + v.part_turn + ": " + (v.better_end ? "it ends phase 1 there" : "it takes #" + v.better_move.tile + " to (" + v.better_move.x + ", " + v.better_move.y + ")") + ".";
      }
      parts.push(el("p", "", head));
      const t = el("table", "review");
      t.appendChild(el("caption", "", "What each turn cost: the best score still reachable after it, how much it lost, and the move that would have kept it"));
      const hr = el("tr");
      ["Turn", "Move", "Best after", "Cost", "Better"].forEach(function (h) { hr.appendChild(el("th", "", h)); });
      t.appendChild(hr);
      v.turns.forEach(function (tr) {
        const row = el("tr", tr.loss > 0 ? "costly" : "");
        row.appendChild(el("td", "num", String(tr.turn)));
        row.appendChild(el("td", "", "#" + tr.tile + " to (" + tr.x + ", " + tr.y + ")" + (tr.ends_phase1 ? ", end of phase 1" : "")));
        row.appendChild(el("td", "num", String(tr.best_after)));
        row.appendChild(el("td", "num", tr.loss > 0 ? "+" + tr.loss : "0"));
        row.appendChild(el("td", "", tr.better ? "#" + tr.better.tile + " to (" + tr.better.x + ", " + tr.better.y + ")" + (tr.better_ends_phase1 ? ", then end phase 1" : "") + ", saves " + tr.loss : ""));
        t.appendChild(row);
      });
      parts.push(t);
      box.replaceChildren.apply(box, parts);
    } catch (e) {
      box.replaceChildren(el("p", "bad", "The server cannot be reached: " + e.message));
    } finally {
      $("review-btn").disabled = false;
    }
  }

  async function copyShare() {
    const text = $("share").value;
    try {
      await navigator.clipboard.writeText(text);
      say("Share line copied.");
    } catch (e) {
      $("share").select();
      say("Press Ctrl-C (or long-press and Copy) to copy the selected share line.");
    }
  }

  // ---- history, statistics, archive (in this browser) ----

  function loadHistory() {
    const raw = localStorage.getItem(HISTORY_KEY) || "";
    return parseHistory(raw).entries;
  }

  function storeHistory(entries) {
    localStorage.setItem(HISTORY_KEY, entries.map(function (e) { return JSON.stringify(e); }).join("\n"));
  }

  // parseHistory reads history.jsonl: one entry a line; a line that cannot
  // be read is reported and skipped, never fatal.
  function parseHistory(text) {
    const entries = [], bad = [];
    text.split("\n").forEach(function (line, i) {
      if (line.trim() === "") return;
      try {
        const e = JSON.parse(line);
        const ok = e && typeof e === "object" && (e.date === null || /^\d{4}-\d\d-\d\d$/.test(e.date)) &&
          typeof e.finished_at === "string" && typeof e.score === "number" && e.line && Array.isArray(e.line.moves);
        if (ok) entries.push(e); else bad.push(i + 1);
      } catch (err) {
        bad.push(i + 1);
      }
    });
    return { entries: entries, bad: bad };
  }

  function record() {
    const p = st.pos;
    const a = p.line.assists || { hints: 0, undos: 0 };
    const e = {
      date: st.puzzle.kind === "daily" ? st.puzzle.date : null,
      finished_at: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      score: p.score.total,
      par: p.par || st.par || null,
      assists: { hints: a.hints, undos: a.undos },
      line: p.line,
    };
    const h = loadHistory();
    h.push(e);
    storeHistory(h);
    st.recorded = e;
  }

  function utcDay(iso) { return iso.slice(0, 10); }

  function addDays(date, n) {
    const d = new Date(date + "T00:00:00Z");
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  }

  // firsts returns, for each daily date, its first finish: the one that
  // counts, as in the Go history package (playing again is recorded but
  // changes neither the statistics nor the archive).
  function firsts(history) {
    const out = {};
    history.forEach(function (e) {
      if (e.date && (!out[e.date] || e.finished_at < out[e.date].finished_at)) out[e.date] = e;
    });
    return out;
  }

  // stats are the figures of FORMATS.md's stats --json, defined as the Go
  // history package defines them: over-par figures from each daily's first
  // finish, streaks of dailies finished on their own date (UTC), the
  // current one ending today or yesterday.
  function stats(history, today) {
    const onTime = new Set();
    let dailies = 0;
    history.forEach(function (e) {
      if (e.date) {
        dailies++;
        if (utcDay(e.finished_at) === e.date) onTime.add(e.date);
      }
    });
    let overPar = 0, withPar = 0, atOrBelow = 0;
    const first = firsts(history);
    Object.keys(first).forEach(function (k) {
      const e = first[k];
      if (typeof e.par !== "number" || e.par <= 0) return;
      withPar++;
      overPar += e.score - e.par;
      if (e.score <= e.par) atOrBelow++;
    });
    let current = 0;
    let d = onTime.has(today) ? today : addDays(today, -1);
    while (onTime.has(d)) { current++; d = addDays(d, -1); }
    let max = 0, run = 0, prev = "";
    Array.from(onTime).sort().forEach(function (date) {
      run = prev && addDays(prev, 1) === date ? run + 1 : 1;
      max = Math.max(max, run);
      prev = date;
    });
    let mean = null;
    if (withPar) {
      const m = overPar / withPar;
      mean = Math.trunc(m * 10 + Math.sign(m) * 0.5) / 10; // one decimal, halves away from zero
    }
    return { played: history.length, dailies: dailies, current_streak: current, max_streak: max,
      mean_over_par: mean, at_or_below_par: atOrBelow };
  }

  function drawStats() {
    const s = stats(loadHistory(), st.puzzle ? st.puzzle.today : new Date().toISOString().slice(0, 10));
    const dl = $("stats-list");
    dl.replaceChildren();
    [["Games played", s.played], ["Dailies", s.dailies], ["Current streak", s.current_streak], ["Longest streak", s.max_streak],
     ["Mean over par", s.mean_over_par === null ? "–" : String(s.mean_over_par)], ["At or below par", s.at_or_below_par]].forEach(function (r) {
      const d = el("div");
      d.appendChild(el("dt", "", r[0]));
      d.appendChild(el("dd", "", String(r[1])));
      dl.appendChild(d);
    });
  }

  function toggleStats() {
    const box = $("stats");
    box.hidden = !box.hidden;
    $("nav-stats").setAttribute("aria-expanded", box.hidden ? "false" : "true");
    if (!box.hidden) {
      drawStats();
      $("stats-title").setAttribute("tabindex", "-1");
      $("stats-title").focus();
    }
  }

  function exportHistory() {
    const text = loadHistory().map(function (e) { return JSON.stringify(e); }).join("\n") + "\n";
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
    a.download = "history.jsonl";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  // importHistory reads a history.jsonl through the server, which checks
  // every line as the terminal's history does (a line that does not replay
  // to its score is damaged); it sends the file in pieces under the body
  // limit. Good entries are added once; damaged lines are reported by
  // number and skipped.
  async function importHistory(ev) {
    const f = ev.target.files[0];
    if (!f) return;
    const msg = $("stats-msg");
    if (f.size > 16 << 20) { msg.textContent = "That file is larger than 16 MiB: not a history.jsonl."; return; }
    const lines = (await f.text()).split("\n");
    const got = [], bad = [];
    const LIMIT = 60000;
    let start = 0;
    while (start < lines.length) {
      let end = start, size = 0;
      while (end < lines.length && size + lines[end].length + 1 <= LIMIT) { size += lines[end].length + 1; end++; }
      if (end === start) { bad.push(start + 1); start++; continue; } // one line over the limit
      const r = await fetch("/api/history", { method: "POST", headers: { "Content-Type": "text/plain" }, body: lines.slice(start, end).join("\n") });
      if (r.status !== 200) { msg.textContent = "The server could not read the file (" + r.status + ")."; return; }
      const data = await r.json();
      data.entries.forEach(function (e) { got.push(e); });
      data.problems.forEach(function (p) { bad.push(start + p.line); });
      start = end;
    }
    const h = loadHistory();
    const seen = new Set(h.map(function (e) { return e.finished_at + "|" + e.score + "|" + e.date; }));
    let added = 0;
    got.forEach(function (e) {
      const k = e.finished_at + "|" + e.score + "|" + e.date;
      if (!seen.has(k)) { seen.add(k); h.push(e); added++; }
    });
    h.sort(function (a, b) { return a.finished_at < b.finished_at ? -1 : a.finished_at > b.finished_at ? 1 : 0; });
    storeHistory(h);
    let text = "Imported " + added + " new " + (added === 1 ? "game" : "games") + ".";
    if (bad.length) text += " Skipped " + bad.length + " damaged " + (bad.length === 1 ? "line" : "lines") + " (line " + bad.join(", ") + ").";
    msg.textContent = text;
    drawStats();
    ev.target.value = "";
  }

  async function showArchive() {
    $("archive").hidden = false;
    const r = await api("/api/archive");
    if (r.status !== 200) { fatal("The archive cannot be loaded."); return; }
    // The first finish of each daily counts.
    const best = {};
    const first = firsts(loadHistory());
    Object.keys(first).forEach(function (k) { best[k] = first[k].score; });
    // A month calendar each, newest month first, Monday first.
    const box = $("archive-list");
    box.replaceChildren();
    const months = [];
    r.data.forEach(function (d) {
      const m = d.date.slice(0, 7);
      if (!months.length || months[months.length - 1].key !== m) months.push({ key: m, days: [] });
      months[months.length - 1].days.push(d);
    });
    months.forEach(function (m) {
      const sec = el("section", "month");
      const name = new Date(m.key + "-01T00:00:00Z").toLocaleDateString("en", { month: "long", year: "numeric", timeZone: "UTC" });
      const h = el("h3", "", name);
      h.id = "month-" + m.key;
      sec.setAttribute("aria-labelledby", h.id);
      sec.appendChild(h);
      const grid = el("ol", "cal");
      ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].forEach(function (w) {
        const li = el("li", "wd", w);
        li.setAttribute("aria-hidden", "true");
        grid.appendChild(li);
      });
      const days = m.days.slice().reverse();
      const first = new Date(days[0].date + "T00:00:00Z").getUTCDay();
      for (let k = 0; k < (first + 6) % 7; k++) {
        const li = el("li", "blank");
        li.setAttribute("aria-hidden", "true");
        grid.appendChild(li);
      }
      days.forEach(function (d) {
        const li = el("li", best[d.date] === undefined ? "day" : "day played");
        const a = el("a");
        a.href = "/daily/" + d.date;
        a.appendChild(el("span", "dn", String(Number(d.date.slice(8)))));
        a.appendChild(el("span", "ds", best[d.date] === undefined ? "#" + d.number : String(best[d.date])));
        a.setAttribute("aria-label", "Daily #" + d.number + ", " + d.date + (best[d.date] === undefined ? ", not played" : ", played, " + best[d.date]));
        li.appendChild(a);
        grid.appendChild(li);
      });
      sec.appendChild(grid);
      box.appendChild(sec);
    });
  }

  // ---- the game in progress survives a reload ----

  function gameKey() { return "novaluna.game." + (st.puzzle.kind === "daily" ? st.puzzle.date : "seed-" + st.puzzle.seed); }

  function save() {
    if (!st.puzzle) return;
    if (st.pos.over || st.pos.line.moves.length === 0) localStorage.removeItem(gameKey());
    else localStorage.setItem(gameKey(), JSON.stringify(st.pos.line));
  }

  // ---- start ----

  function fatal(text) {
    const f = $("fatal");
    f.textContent = text;
    f.hidden = false;
  }

  function keys(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || !st.pos || $("game").hidden) return;
    const tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea") return;
    const k = ev.key.toLowerCase();
    if (k === "a" || k === "b" || k === "c") {
      const s = st.pos.wheel.find(function (sp) { return sp.slot === k; });
      if (s) { ev.preventDefault(); choose(s.tile); }
    } else if (k === "u" && !$("undo").disabled) { ev.preventDefault(); undo(); }
    else if (k === "e" && !$("end").disabled) { ev.preventDefault(); endPhase1(); }
    else if (k === "h" && !$("hint").disabled) { ev.preventDefault(); hint(); }
    else if (k === "escape" && st.selected) { st.selected = 0; drawWheel(); drawDisplay(); say(""); }
  }

  async function start() {
    $("nav-stats").addEventListener("click", toggleStats);
    $("export").addEventListener("click", exportHistory);
    $("import").addEventListener("change", importHistory);
    const path = location.pathname;
    if (path === "/archive") {
      await showArchive();
      return;
    }
    let m, url = "/api/today";
    if ((m = path.match(/^\/daily\/(\d{4}-\d\d-\d\d)$/))) url = "/api/daily/" + m[1];
    else if ((m = path.match(/^\/seed\/(\d+)$/))) url = "/api/seed/" + m[1];
    const [tiles, puzzle] = await Promise.all([api("/api/tiles"), api(url)]);
    if (tiles.status !== 200 || puzzle.status !== 200) {
      fatal((puzzle.data && puzzle.data.error) || "The puzzle cannot be loaded.");
      return;
    }
    tiles.data.forEach(function (t) { st.tiles[t.id] = t; });
    st.puzzle = puzzle.data;
    $("label").textContent = st.puzzle.label;
    document.title = st.puzzle.label + " · Nova Luna solo";
    let line = { deck: st.puzzle.deck, moves: [], phase1_turns: 0 };
    const kept = localStorage.getItem(gameKey());
    if (kept) {
      try {
        const l = JSON.parse(kept);
        if (l && Array.isArray(l.moves)) line = l;
      } catch (e) { /* a damaged saved game starts afresh */ }
    }
    st.pos = { line: line };
    $("undo").addEventListener("click", undo);
    $("end").addEventListener("click", endPhase1);
    $("hint").addEventListener("click", hint);
    $("hard").addEventListener("click", toggleHard);
    $("copy").addEventListener("click", copyShare);
    $("review-btn").addEventListener("click", review);
    $("end-title").setAttribute("tabindex", "-1");
    document.addEventListener("keydown", keys);
    window.addEventListener("resize", function () { if (st.pos && st.pos.display) drawDisplay(); });
    const r = await api("/api/play", request());
    if (r.status !== 200) {
      // A saved game that no longer replays: start afresh.
      localStorage.removeItem(gameKey());
      st.pos = { line: { deck: st.puzzle.deck, moves: [], phase1_turns: 0 } };
      const r2 = await api("/api/play", request());
      if (r2.status !== 200) { fatal(refusal(r2.data || { error: "the server answered " + r2.status })); return; }
      st.pos = r2.data;
    } else {
      st.pos = r.data;
    }
    $("game").hidden = false;
    draw();
    const played = st.puzzle.kind === "daily" && loadHistory().filter(function (e) { return e.date === st.puzzle.date; });
    if (st.pos.line.moves.length > 0 && !st.pos.over) say("Your game goes on where you left it.");
    else if (played && played.length) say("You played this daily already (first finish: " + played[0].score + "). Playing again is recorded, but the first finish counts.");
    else say("Take a tile marked a, b or c, then a highlighted cell.");
    if (st.puzzle.kind === "daily") loadPar().then(function () { if (st.pos.over) drawEnd(); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    start().catch(function (e) { fatal("Something went wrong: " + e.message); });
  });
})();
