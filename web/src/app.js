// The page: today's puzzle first, puzzles of every size and grade, and the free board
// (the lab) over the queens library (WebAssembly).
//
// Every answer comes from the library through one export, `call(job, requestJson)`
// (and `read_picture` for screenshots): quick jobs (the daily puzzle, attacks and the
// verdict after each change, hints, checks, conflicts) run here on the page's own
// instance; long jobs (solve, next/previous, counts, max, cover, new puzzles) run in a
// Web Worker, which Stop terminates and replaces at once. The page keeps layout,
// events and the player's own records (times, streak, a daily puzzle in progress) in
// the browser's storage; the URL's hash carries the board or puzzle, so a link opens
// the same one.
import init, { call, read_picture } from "./queens_web.js";

const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => [...document.querySelectorAll(sel)];
const action = (name) => $(`[data-action="${name}"]`);
const input = (name) => $(`[data-input="${name}"]`);

const NAMES = { K: "king", N: "knight", B: "bishop", R: "rook", Q: "queen", A: "amazon", F: "fairy piece" };

// Region colours (colour-blind safe, neighbours never alike) and patterns (a second
// cue, `data-pattern` in style.css) come from the library: `puzzle-info` answers them.

// The ranges the page's inputs take; a value outside is brought in, and said so.
const RANGES = { rows: [1, 64], cols: [1, 64], size: [5, 25], stars: [1, 4] };

const state = {
  mode: "puzzle",
  rows: 8, cols: 8, torus: false,
  pieces: new Map(),      // square name -> piece letter
  holes: new Set(), blockers: new Set(),
  kind: "Q", betza: "", spec: "", paint: "piece",
  base: null,             // the pieces text the shown solution answers (null: the board is the input)
  index: -1,              // which solution of `base` is shown
  shown: null,            // the coordinates Solve showed (Next moves past them)
  solved: new Set(),      // squares whose piece a job placed
  conflicts: new Set(),
  focus: "a1",
  // Puzzle mode.
  puzzle: null,           // { text, stars, side, regions, names, colours, grade, daily }
  marks: new Map(),       // square name -> "Q" (a queen, a star) or "x" (a cross)
  hint: null,             // { place: [...], cross: [...] }
  named: false,           // a hint's sentence is shown: each region's letter on the board
  past: [], future: [],   // undo and redo: earlier and later marks
  hints: 0,               // hints asked on this puzzle (for the record and the share text)
  solvedBy: null,         // null, "player" or "solve" (the Solve button)
  elapsed: 0,             // milliseconds played before timerStart (a reloaded daily)
  timerStart: null, timerEnd: null,
};

// ---------------------------------------------------------------- storage

// The browser's storage, which may be missing or full: nothing breaks without it.
const store = {
  get(key, fallback) {
    try { const v = localStorage.getItem("queens." + key); return v === null ? fallback : JSON.parse(v); } catch { return fallback; }
  },
  set(key, value) {
    try { localStorage.setItem("queens." + key, JSON.stringify(value)); } catch { /* private mode or full */ }
  },
};

// Today's date, UTC, as YYYY-MM-DD; a `?date=YYYY-MM-DD` in the address stands in for
// it (tests, and a player catching up on a past day). A `?date=` that is not a date
// (`abc`, `2026-13-45`) is not used, and never in silence: `dateNote` says so.
function today() {
  const q = addressDate();
  return q !== null && isDate(q) ? q : utcToday();
}
function utcToday() { return new Date().toISOString().slice(0, 10); }
function addressDate() { return new URLSearchParams(location.search).get("date"); }
// A day of the calendar written YYYY-MM-DD (the library's daily job takes the same).
function isDate(text) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(text + "T00:00:00Z");
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
// The sentence for an address whose `?date=` is not a date, or null.
function dateNote() {
  const q = addressDate();
  if (q === null || isDate(q)) return null;
  const now = utcToday();
  return `the address's date '${q.slice(0, 40)}' is not a date (YYYY-MM-DD, such as ${now}), so this is today's puzzle, ${now} (UTC)`;
}
function dayBefore(date) {
  const d = new Date(date + "T00:00:00Z");
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
function clock(ms) {
  const s = Math.floor(ms / 1000);
  return s >= 3600
    ? `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`
    : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// ---------------------------------------------------------------- squares and text

// Square and file names are the library's (the bindings' `squares`), asked once per
// board built and kept for every size seen, so that a square of a board just left
// still reads back; nothing is named per paint.
const namesByPlace = new Map(); // "file,rank" -> "b3"
const placesByName = new Map(); // "b3" -> { file, rank }
const fileNames = [];
function nameSquares(rows, cols) {
  if (namesByPlace.has(`${cols - 1},${rows - 1}`)) return;
  const a = ask("squares", { rows, cols });
  if (a.error) throw new Error(a.error);
  a.files.forEach((name, f) => { fileNames[f] = name; });
  a.names.forEach((name, i) => {
    const file = i % cols, rank = Math.floor(i / cols);
    namesByPlace.set(`${file},${rank}`, name);
    placesByName.set(name, { file, rank });
  });
}
function fileName(file) { return fileNames[file]; }
function squareName(file, rank) { return namesByPlace.get(`${file},${rank}`); }
function parseSquare(name) { return placesByName.get(name) ?? null; }
// The library's own coordinates (`Qa1 Nc3`, as its answers give them) as a map from
// square to letter; text from elsewhere goes through the library first.
function parseCoords(text) {
  const out = new Map();
  for (const tok of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^([A-Z])([a-z]+\d+)$/.exec(tok);
    if (m) out.set(m[2], m[1]);
  }
  return out;
}
function coordsText(pieces) { return [...pieces].map(([sq, k]) => k + sq).join(" "); }
function listText(set) { return [...set].join(" "); }

// ---------------------------------------------------------------- the library

let wasmModule = null;
globalThis.queensProgress = () => {};
globalThis.queensPanic = (message) => console.error("queens panicked:", message);

// A quick job on the page's own instance. A trap (a panic in the library) leaves the
// instance unusable: the answer says to reload.
function ask(name, request) {
  try {
    return JSON.parse(call(name, JSON.stringify(request)));
  } catch (e) {
    return { error: `the library failed (${e}); reload the page` };
  }
}

function boardRequest(overrides = {}) {
  const pieces = overrides.pieces !== undefined ? overrides.pieces : coordsText(state.pieces);
  return {
    rows: state.rows, cols: state.cols, pieces, fairy: state.betza,
    holes: listText(state.holes), blockers: listText(state.blockers), torus: state.torus,
    spec: state.spec, kind: state.kind,
  };
}
function puzzleRequest() {
  const placed = [], crossed = [];
  for (const [sq, m] of state.marks) (m === "Q" ? placed : crossed).push(sq);
  return { text: state.puzzle ? state.puzzle.text : "", stars: state.puzzle ? state.puzzle.stars : 1,
           placed: placed.join(" "), crossed: crossed.join(" ") };
}

// ---------------------------------------------------------------- the worker

let worker = null, workerReady = null, job = null, jobId = 0;

function startWorker() {
  worker = new Worker("worker.js", { type: "module" });
  workerReady = new Promise((resolve) => {
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "ready") resolve();
      else if (msg.type === "progress") showProgress(msg.done, msg.total);
      else if (msg.type === "panic") console.error("queens panicked in the worker:", msg.message);
      else if (msg.type === "result" && job && msg.id === job.id) {
        const done = job.done;
        clearInterval(job.timer);
        job = null;
        // A trapped instance is not used again.
        if (msg.answer.trapped) { worker.terminate(); startWorker(); }
        setRunning(false);
        done(msg.answer, msg.ms);
      }
    };
  });
  worker.onerror = (e) => {
    if (job) { clearInterval(job.timer); job = null; setRunning(false); finish({ error: `the worker failed: ${e.message}` }); }
  };
  worker.postMessage({ type: "init", module: wasmModule });
}

function setStatus(s) { $('[data-testid="status"]').textContent = s; document.body.dataset.status = s; }
function setRunning(on) {
  for (const b of $$(".toolbar [data-action]")) b.disabled = on ? b.dataset.action !== "stop" : b.dataset.action === "stop";
  if (on) setStatus("running"); else syncUndo();
}
// Undo and redo offered when there is a move to take back or again. A solved puzzle
// stays solved (its time is kept); Clear starts it again.
function syncUndo() {
  const over = state.timerEnd !== null;
  action("undo").disabled = !!job || over || state.past.length === 0;
  action("redo").disabled = !!job || over || state.future.length === 0;
}
// The progress line: the last report of the library (`done` of `total` units; total 0
// when unknown), with the time so far, refreshed twice a second.
function showProgress(done, total) {
  const el = $('[data-testid="progress"]');
  if (!job) { el.textContent = ""; return; }
  if (done !== undefined) job.progress = [done, total];
  const secs = ((performance.now() - job.t0) / 1000).toFixed(1);
  const [d, t] = job.progress || [0, 0];
  el.textContent = t > 0
    ? `${job.label}: ${d} of ${t} parts (${Math.floor((100 * d) / t)}%), ${secs} s`
    : d > 0 ? `${job.label}: ${d} done, ${secs} s` : `${job.label}… ${secs} s`;
}

async function runJob(name, request, label, done) {
  if (job) return;
  jobId += 1;
  job = { id: jobId, done, label, t0: performance.now() };
  labNote("");
  setRunning(true);
  $('[data-testid="progress"]').textContent = `${label}…`;
  job.timer = setInterval(() => job && showProgress(), 500);
  const myJob = job;
  await workerReady;
  if (job !== myJob) return;
  worker.postMessage({ type: "job", id: myJob.id, name, request });
}

function stopJob() {
  if (!job) return;
  clearInterval(job.timer);
  job = null;
  worker.terminate();
  startWorker();
  setRunning(false);
  setStatus("stopped");
  setResult("stopped");
  $('[data-testid="progress"]').textContent = "";
}

// ---------------------------------------------------------------- answers

function setResult(text, detail = "") {
  $('[data-testid="result"]').textContent = text;
  $('[data-testid="detail"]').textContent = detail;
}
// Ends a job: its answer (or error) shown, status `done`.
function finish(answer, ms) {
  $('[data-testid="progress"]').textContent = ms !== undefined ? `took ${(ms / 1000).toFixed(3)} s` : "";
  if (ms !== undefined) document.body.dataset.jobMs = ms.toFixed(1);
  if (answer.error) setResult(`error: ${answer.error}`);
  if (answer.error && state.mode === "board") labNote(`error: ${answer.error}`);
  setStatus("done");
}

// ---------------------------------------------------------------- drawing the board

// The board's squares are a CSS grid that fills its panel; `--cell` (the square's
// width in pixels, measured) sizes the glyphs and the labels, and the file labels
// thin out when squares are too narrow for every name.
let boardObserver = null;
function measure() {
  const el = $("#board");
  const sq = el.querySelector("[data-square]");
  if (!sq) return;
  const cell = sq.getBoundingClientRect().width;
  if (!cell) return;
  document.documentElement.style.setProperty("--cell", `${cell.toFixed(1)}px`);
  const labels = $$("#board .label.file");
  const widest = labels.reduce((w, l) => Math.max(w, l.textContent.length), 1);
  const step = Math.max(1, Math.ceil((widest * 7 + 4) / cell));
  labels.forEach((l, i) => l.classList.toggle("quiet", i % step !== 0));
  const ranks = $$("#board .label.rank");
  const rstep = Math.max(1, Math.ceil(12 / cell));
  ranks.forEach((l) => l.classList.toggle("quiet", (Number(l.textContent) - 1) % rstep !== 0));
}

function buildBoard() {
  const el = $("#board");
  const puzzle = state.mode === "puzzle" && state.puzzle;
  const rows = puzzle ? state.puzzle.side : state.rows;
  const cols = puzzle ? state.puzzle.side : state.cols;
  el.className = puzzle ? "puzzle" : "";
  el.style.setProperty("--cols", cols);
  el.replaceChildren();
  if (state.mode === "puzzle" && !puzzle) {
    el.className = "empty";
    el.textContent = "Make a new puzzle, or paste one and open it.";
    return;
  }
  el.setAttribute("aria-label", puzzle
    ? `Puzzle, ${cols} by ${cols}, ${state.puzzle.stars} per row, column and region`
    : `Board, ${rows} by ${cols}`);
  nameSquares(rows, cols);
  if (!parseSquare(state.focus) || parseSquare(state.focus).file >= cols || parseSquare(state.focus).rank >= rows) state.focus = "a1";
  for (let r = rows - 1; r >= 0; r--) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.style.display = "contents";
    if (!puzzle) {
      const label = document.createElement("div");
      label.className = "label rank";
      label.textContent = r + 1;
      label.setAttribute("aria-hidden", "true");
      row.append(label);
    }
    for (let f = 0; f < cols; f++) {
      const sq = document.createElement("div");
      const name = squareName(f, r);
      sq.className = "sq " + ((f + r) % 2 === 1 ? "light" : "dark");
      sq.dataset.square = name;
      sq.setAttribute("role", "gridcell");
      sq.tabIndex = name === state.focus ? 0 : -1;
      if (puzzle) {
        const n = state.puzzle.side, i = r * n + f, reg = state.puzzle.regions[i];
        sq.style.backgroundColor = state.puzzle.colours[reg];
        sq.dataset.pattern = String(state.puzzle.patterns[reg]);
        sq.className = "sq";
        const other = (ff, rr) => ff < 0 || rr < 0 || ff >= n || rr >= n || state.puzzle.regions[rr * n + ff] !== reg;
        if (other(f, r + 1)) sq.classList.add("bt");
        if (other(f, r - 1)) sq.classList.add("bb");
        if (other(f - 1, r)) sq.classList.add("bl");
        if (other(f + 1, r)) sq.classList.add("br");
        sq.dataset.region = state.puzzle.names[reg];
      }
      row.append(sq);
    }
    el.append(row);
  }
  if (!puzzle) {
    const files = document.createElement("div");
    files.style.display = "contents";
    files.setAttribute("aria-hidden", "true");
    files.append(document.createElement("div"));
    for (let f = 0; f < cols; f++) {
      const l = document.createElement("div");
      l.className = "label file";
      l.textContent = fileName(f);
      files.append(l);
    }
    el.append(files);
  }
  measure();
  paint();
}

// Updates every square's hooks, marks and label from the state (no rebuild).
function paint() {
  if (state.mode === "puzzle") return paintPuzzle();
  let attacked = new Set();
  const answer = ask("analyse", boardRequest());
  const list = $('[data-testid="conflicts"]');
  list.replaceChildren();
  state.conflicts = new Set();
  if (answer.error) {
    const li = document.createElement("li");
    li.textContent = answer.error;
    list.append(li);
  } else {
    attacked = new Set(answer.attacked);
    for (const p of answer.problems) {
      const li = document.createElement("li");
      li.textContent = p;
      list.append(li);
    }
    state.conflicts = new Set(answer.conflicting);
    if (answer.fairy) $('[data-input="betza"]').title = `F is the ${answer.fairy}`;
  }
  for (const sq of $$("#board [data-square]")) {
    const name = sq.dataset.square;
    const piece = state.pieces.get(name);
    sq.replaceChildren();
    const words = [name];
    if (piece) {
      sq.dataset.piece = piece;
      addGlyph(sq, "piece" + (state.solved.has(name) ? " solved" : ""), piece);
      words.push(NAMES[piece] || piece);
    } else delete sq.dataset.piece;
    setFlag(sq, "attacked", attacked.has(name));
    setFlag(sq, "hole", state.holes.has(name));
    setFlag(sq, "blocker", state.blockers.has(name));
    setFlag(sq, "conflict", state.conflicts.has(name));
    if (state.holes.has(name)) words.push("hole");
    if (state.blockers.has(name)) words.push("blocker");
    if (!piece && !state.holes.has(name) && !state.blockers.has(name)) words.push("empty");
    if (attacked.has(name)) words.push("attacked");
    if (state.conflicts.has(name)) words.push("in conflict");
    sq.setAttribute("aria-label", words.join(", "));
  }
  saveHash();
}

function setFlag(el, key, on) {
  if (on) el.dataset[key] = "true"; else delete el.dataset[key];
}

// A mark drawn on a square (a piece, a region letter): hidden from screen readers,
// which read the square's aria-label instead.
function addGlyph(sq, className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  span.setAttribute("aria-hidden", "true");
  sq.append(span);
}
// A crown or a cross, from the page's SVG symbols.
function addIcon(sq, symbol, className) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `#${symbol}`);
  svg.append(use);
  sq.append(svg);
}

function paintPuzzle() {
  const hint = state.hint || { place: [], cross: [] };
  const c = state.puzzle ? ask("puzzle-conflicts", puzzleRequest()) : { conflicts: [] };
  const conflicts = new Set(c.conflicts || []);
  const piece = state.puzzle && state.puzzle.stars > 1 ? "star" : "queen";
  const letters = input("letters").checked;
  const labelled = new Set();
  for (const sq of $$("#board [data-square]")) {
    const name = sq.dataset.square;
    const mark = state.marks.get(name);
    sq.replaceChildren();
    delete sq.dataset.regionLabel;
    if (letters) addGlyph(sq, "region-letter", sq.dataset.region);
    else if (state.named && !labelled.has(sq.dataset.region)) {
      // The board is drawn top rank first: the region's top-left square.
      labelled.add(sq.dataset.region);
      sq.dataset.regionLabel = sq.dataset.region;
      addGlyph(sq, "region-letter named", sq.dataset.region);
    }
    const words = [name, `region ${sq.dataset.region}`];
    if (mark === "Q") {
      sq.dataset.piece = "Q";
      addIcon(sq, "crown", "crown");
      words.push(piece);
    } else delete sq.dataset.piece;
    if (mark === "x") {
      sq.dataset.mark = "cross";
      addIcon(sq, "cross", "x");
      words.push("crossed");
    } else delete sq.dataset.mark;
    if (!mark) words.push("empty");
    setFlag(sq, "conflict", conflicts.has(name));
    if (conflicts.has(name)) words.push("in conflict");
    if (hint.place.includes(name)) { sq.dataset.hint = "place"; words.push(`hint: place a ${piece}`); }
    else if (hint.cross.includes(name)) { sq.dataset.hint = "cross"; words.push("hint: cross"); }
    else delete sq.dataset.hint;
    sq.setAttribute("aria-label", words.join(", "));
  }
  syncUndo();
  saveHash();
}

// ---------------------------------------------------------------- the URL

function saveHash() {
  const h = new URLSearchParams();
  if (state.mode === "rules") {
    if (!location.hash.startsWith("#rules")) history.replaceState(null, "", "#rules");
    return;
  }
  if (state.mode === "puzzle") {
    if (state.puzzle && state.puzzle.daily) {
      // The daily puzzle: its date (its marks are kept in the browser's storage).
      h.set("daily", state.puzzle.daily);
    } else {
      h.set("mode", "puzzle");
      if (state.puzzle) {
        // Ranks joined by spaces (a region name is never blank), `+` in the URL.
        h.set("pz", state.puzzle.text.trim().split("\n").join(" "));
        h.set("stars", state.puzzle.stars);
        if (state.puzzle.grade) h.set("grade", state.puzzle.grade);
        const r = puzzleRequest();
        if (r.placed) h.set("q", r.placed.replaceAll(" ", ","));
        if (r.crossed) h.set("x", r.crossed.replaceAll(" ", ","));
      }
    }
  } else {
    h.set("b", `${state.rows}x${state.cols}`);
    if (state.pieces.size) h.set("p", coordsText(state.pieces).replaceAll(" ", ","));
    if (state.holes.size) h.set("holes", [...state.holes].join(","));
    if (state.blockers.size) h.set("blockers", [...state.blockers].join(","));
    if (state.torus) h.set("torus", "1");
    if (state.betza) h.set("fairy", state.betza);
    if (state.kind !== "Q") h.set("kind", state.kind);
    if (state.spec) h.set("spec", state.spec);
  }
  const hash = "#" + h.toString();
  if (location.hash !== hash) history.replaceState(null, "", hash);
  saveDaily();
}

// A link's field read as a whole number in a range, or a sentence naming it.
function linkNumber(h, key, fallback, [lo, hi]) {
  const raw = h.get(key);
  if (raw === null || raw === "") return { value: fallback };
  if (!/^\d{1,6}$/.test(raw.trim())) {
    return { error: `the link's ${key} '${raw.slice(0, 40)}' is not a whole number (${lo} to ${hi})` };
  }
  const n = Number(raw);
  if (n < lo || n > hi) return { error: `the link's ${key} ${n} is out of range (${lo} to ${hi})` };
  return { value: n };
}

// Clears what a link replaces, so that a bad link never leaves the old board, puzzle
// or hint on screen as if it were the link's.
function clearShown() {
  state.puzzle = null;
  state.marks = new Map();
  state.hint = null; state.named = false;
  state.past = []; state.future = [];
  state.timerStart = null; state.timerEnd = null; state.elapsed = 0;
  $('[data-testid="hint"]').textContent = "";
  $('[data-testid="hint-rule"]').textContent = "";
  $('[data-testid="explain-log"]').replaceChildren();
  $('[data-testid="timer"]').textContent = "0:00";
  banner("");
  setResult("");
}

// What a link (or the address's `?date=`) asked that the page did not do as asked,
// in one sentence under the board's buttons, in every mode and at every size: a mode
// or field it does not know, a field given twice, a value taken as another. Never
// silent; cleared by the next link, a mode chosen, or another puzzle opened. In the
// Answer column too, unless it holds the link's refusal (a laptop shows that column
// at the top of the screen, the buttons near its foot).
function linkNote(text) { $('[data-testid="link-note"]').textContent = text; }
function sayLink(notes) {
  if (!notes.length) return;
  const text = notes.join("; ");
  const sentence = text[0].toUpperCase() + text.slice(1) + ".";
  linkNote(sentence);
  if ($('[data-testid="result"]').textContent === "") note(sentence);
}

// The fields each kind of link reads (`saveHash` writes them); `mode` names the kind.
const LINK_FIELDS = {
  daily: ["daily"],
  puzzle: ["mode", "pz", "stars", "grade", "q", "x"],
  board: ["mode", "b", "p", "holes", "blockers", "torus", "fairy", "kind", "spec"],
  rules: ["rules", "mode"],
};
const LINK_KINDS = { daily: "a daily puzzle's link", puzzle: "a puzzle's link", board: "a lab link", rules: "a link to the rules" };
const GRADES = ["easy", "medium", "hard", "expert"];

// Names quoted and listed, at most four (a hostile link may hold thousands).
function quoted(names) {
  const q = names.slice(0, 4).map((k) => `'${k.slice(0, 40)}'`);
  if (names.length > 4) q.push(`${names.length - 4} more`);
  return q.length > 1 ? `${q.slice(0, -1).join(", ")} and ${q[q.length - 1]}` : q[0];
}

// The sentences for a link's fields that `kind` does not read, or gives twice.
function linkFields(h, kind) {
  const keys = [...h.keys()];
  const known = LINK_FIELDS[kind];
  const unknown = [...new Set(keys.filter((k) => !known.includes(k)))];
  const twice = [...new Set(keys.filter((k, i) => known.includes(k) && keys.indexOf(k) !== i))];
  const notes = [];
  if (unknown.length) {
    const one = unknown.length === 1;
    notes.push(`the link's ${one ? "field" : "fields"} ${quoted(unknown)} ${one ? "is" : "are"} not read by ${LINK_KINDS[kind]}, so ${one ? "it was" : "they were"} not used`);
  }
  if (twice.length) notes.push(`the link gives ${quoted(twice)} more than once, so the first was used`);
  return notes;
}

function loadHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  linkNote("");
  labNote("");
  // A link refused: nothing of the last one left on screen, and the sentence why in
  // the Answer column and under the board's buttons (the first screen of a phone),
  // with the link's other notes; `said`, the sentence there when not `why`.
  const refuse = (why, notes = [], said = why) => {
    clearShown();
    input("puzzle-text").value = "";
    buildBoard();
    setTitle("No puzzle");
    setResult(`error: ${why}`);
    setStatus("done");
    sayLink([`${said}, so ${state.mode === "board" ? "the board is empty" : "no puzzle is open"}`, ...notes]);
  };
  if (h.has("rules") || h.get("mode") === "rules") {
    // The techniques (a hint's rule links here); back returns to the game as it was.
    if (state.mode !== "rules") setMode("rules", false);
    showTechniques(h.get("rules"), linkFields(h, "rules"));
    return;
  }
  if (state.mode === "rules" && state.back && location.hash === state.back.hash) {
    const b = state.back;
    state.back = null;
    setMode(b.mode, false);
    return;
  }
  if (h.has("daily") || location.hash.length <= 1) {
    setMode("puzzle", false);
    const notes = linkFields(h, "daily");
    if (!h.get("daily")) return openToday(notes);
    const refused = openDaily(h.get("daily"));
    if (refused) return refuse(refused, notes, `the link's daily puzzle was refused (${refused})`);
    sayLink(notes);
    return;
  }
  if (h.get("mode") === "puzzle") {
    setMode("puzzle", false);
    const notes = linkFields(h, "puzzle");
    if (!h.get("pz")) { clearShown(); buildBoard(); return sayLink(notes); }
    const stars = linkNumber(h, "stars", 1, RANGES.stars);
    if (stars.error) return refuse(stars.error, notes);
    // Ranks apart by spaces; a hand-written link may part them by `/` instead.
    const pz = h.get("pz").trim();
    const text = pz.split(pz.includes(" ") ? " " : "/").join("\n") + "\n";
    const grade = GRADES.includes(h.get("grade")) ? h.get("grade") : null;
    if (h.has("grade") && !grade) {
      notes.push(`the link's grade '${h.get("grade").slice(0, 40)}' is not ${GRADES.slice(0, -1).join(", ")} or ${GRADES.at(-1)}, so the puzzle is shown without a grade`);
    }
    clearShown();
    if (!openPuzzle(text, stars.value, { announce: false, grade })) {
      const why = shownError();
      return refuse(why, notes, `the link's puzzle was refused (${why})`);
    }
    for (const sq of (h.get("q") || "").split(",").filter(Boolean)) state.marks.set(sq, "Q");
    for (const sq of (h.get("x") || "").split(",").filter(Boolean)) state.marks.set(sq, "x");
    const check = ask("puzzle-position", puzzleRequest());
    if (check.error) {
      state.marks = new Map();
      setResult(`error: the link's marks: ${check.error}`);
      setStatus("done");
      notes.unshift(`the link's marks were refused (${check.error}), so the puzzle is shown without them`);
    }
    sayLink(notes);
    paint();
    return;
  }
  // The lab: its own links (`b=8x8...`, `mode=lab`), and any link of no other kind.
  const notes = [];
  const mode = h.get("mode");
  if (mode !== null && mode !== "lab" && mode !== "board") {
    notes.push(`the link's mode '${mode.slice(0, 40)}' is unknown (puzzle, lab or rules), so this is the lab`);
  }
  notes.push(...linkFields(h, "board"));
  // A new link replaces the last one's answer.
  setResult("");
  const size = /^(\d+)x(\d+)$/.exec(h.get("b") || "8x8");
  if (!size) return refuse(`the link's board '${(h.get("b") || "").slice(0, 40)}' is not ROWSxCOLUMNS (such as 8x8)`, notes);
  const clamped = [];
  state.rows = clampInput("rows", Number(size[1]), clamped);
  state.cols = clampInput("cols", Number(size[2]), clamped);
  if (clamped.length) notes.push(`the link's board: ${clamped.join("; ")}`);
  state.holes = new Set((h.get("holes") || "").split(",").filter(Boolean));
  state.blockers = new Set((h.get("blockers") || "").split(",").filter(Boolean));
  const torus = h.get("torus");
  if (torus !== null && torus !== "1" && torus !== "0") {
    notes.push(`the link's torus '${torus.slice(0, 40)}' is not 1 (on) or 0 (off), so the torus is off`);
  }
  state.torus = torus === "1";
  state.betza = h.get("fairy") || "";
  const kind = h.get("kind");
  state.kind = kind !== null && Object.hasOwn(NAMES, kind) ? kind : "Q";
  if (kind !== null && kind !== state.kind) {
    notes.push(`the link's kind '${kind.slice(0, 40)}' is not one of the lab's pieces (${Object.keys(NAMES).join(", ")}), so the piece is Q`);
  }
  state.spec = h.get("spec") || "";
  // The link's pieces read by the library (a piece it cannot read is refused, not
  // dropped), then kept in its own coordinates.
  state.pieces = new Map();
  const linked = (h.get("p") || "").replaceAll(",", " ").trim();
  if (linked) {
    const a = ask("analyse", boardRequest({ pieces: linked }));
    if (a.error) {
      syncInputs();
      setMode("board", false);
      return refuse(`the link's pieces: ${a.error}`, notes);
    }
    state.pieces = parseCoords(a.coords);
  }
  sayLink(notes);
  state.solved = new Set();
  state.base = null;
  state.shown = null;
  syncInputs();
  setMode("board", false);
}

// Brings a number input's value into its range; a change is said in the answer, in
// words naming the input, the value given and the value taken.
const LABELS = { rows: "Rows", cols: "Columns", size: "Size", stars: "Stars" };
const FALLBACK = { rows: 8, cols: 8, size: 9, stars: 1 };
// With `notes`, the sentence is added there (to be said with others) instead.
function clampInput(key, n, notes = null) {
  const [lo, hi] = RANGES[key];
  const say = (text) => (notes ? notes.push(text) : note(text));
  if (!Number.isFinite(n)) {
    say(`${LABELS[key]} must be a whole number from ${lo} to ${hi}; it is ${FALLBACK[key]} now`);
    return FALLBACK[key];
  }
  const v = Math.min(hi, Math.max(lo, Math.floor(n)));
  if (v !== n) say(`${LABELS[key]} ${n} is out of range (${lo} to ${hi}); it is ${v} now`);
  return v;
}
// The sentence of the error the Answer column shows (without its "error: ").
function shownError() { return $('[data-testid="result"]').textContent.replace(/^error: /, ""); }
function note(text) {
  setResult(text);
  $('[data-testid="detail"]').textContent = "";
}

function syncInputs() {
  input("rows").value = state.rows;
  input("cols").value = state.cols;
  input("torus").checked = state.torus;
  input("betza").value = state.betza;
  input("piece").value = state.kind;
  input("spec").value = state.spec;
  input("spec").placeholder = `${Math.min(state.rows, state.cols)}${state.kind}`;
}

// ---------------------------------------------------------------- free board

// The board changed by hand: the shown solution (if any) is now the input.
function edited() {
  state.base = null;
  state.shown = null;
  state.index = -1;
  state.solved = new Set();
}

// What the Lab refused (a click, a job's error), under the board's buttons as well as
// in the Answer column; cleared by the next click, job or link.
function labNote(text) { $('[data-testid="lab-note"]').textContent = text; }
function refuseHere(text) { setResult(text); labNote(text); }

function clickBoard(name) {
  if (state.mode === "puzzle") return clickPuzzle(name);
  labNote("");
  edited();
  if (state.paint === "piece") {
    if (state.kind === "F" && !state.betza) {
      refuseHere("the fairy piece F has no moves yet: type a Betza string such as NN or a name such as nightrider");
      return;
    }
    if (state.holes.has(name) || state.blockers.has(name)) {
      refuseHere(`${name} is a ${state.holes.has(name) ? "hole" : "blocker"}: paint it away first`);
      return;
    }
    if (state.pieces.get(name) === state.kind) state.pieces.delete(name);
    else state.pieces.set(name, state.kind);
  } else {
    const set = state.paint === "hole" ? state.holes : state.blockers;
    const other = state.paint === "hole" ? state.blockers : state.holes;
    if (set.has(name)) set.delete(name);
    else { set.add(name); other.delete(name); state.pieces.delete(name); }
  }
  paint();
}

// The request a job answers: the pieces placed by hand (`base`) while a job's answer
// is on the board, else the board.
function jobRequest() {
  return boardRequest(state.base !== null ? { pieces: state.base } : {});
}

function showPlacement(coords, base) {
  const given = parseCoords(base);
  state.pieces = parseCoords(coords);
  state.solved = new Set([...state.pieces.keys()].filter((sq) => !given.has(sq)));
  paint();
}

function boardJob(name) {
  const request = jobRequest();
  const base = request.pieces;
  const labels = { solve: "solving", count: "counting", "count-unique": "counting up to symmetry", max: "max", cover: "cover" };
  if (name === "next" || name === "prev") {
    const index = state.base === null ? 0 : Math.max(0, state.index + (name === "next" ? 1 : -1));
    if (name === "prev" && state.base !== null && state.index <= 0) { refuseHere("this is the first solution"); return; }
    walk(request, base, index);
    return;
  }
  runJob(name, request, labels[name], (a, ms) => {
    finish(a, ms);
    if (a.error) return;
    setResult(a.text);
    if (name === "solve") {
      // Next goes on from the solutions' first: past this one when it is that one.
      if (a.found) { state.base = base; state.index = -1; state.shown = a.coords; showPlacement(a.coords, base); }
    } else if (name === "cover" && a.coords) {
      setResult(a.text, `${a.min} pieces cover the board, in ${a.count} ways; one is drawn`);
      state.base = base; showPlacement(a.coords, base);
    } else if (name === "max" && a.max !== null) {
      setResult(a.text, `at most ${a.max} of ${state.kind} stand with the placed pieces, in ${a.placements} ways`);
    }
  });
}

// Shows solution `index` of the placement `base`; the one Solve showed is skipped, so
// Next after Solve always moves on.
function walk(request, base, index) {
  runJob("nth", { board: request, index }, `solution ${index + 1}`, (a, ms) => {
    finish(a, ms);
    if (a.error) return;
    setResult(a.text);
    if (!a.found) return;
    state.base = base;
    state.index = index;
    if (state.shown !== null && a.coords === state.shown) {
      state.shown = null;
      walk(request, base, index + 1);
      return;
    }
    state.shown = null;
    showPlacement(a.coords, base);
  });
}

function checkBoard() {
  const a = ask("analyse", boardRequest());
  labNote(a.error ? `error: ${a.error}` : "");
  setResult(a.error ? `error: ${a.error}` : a.text);
  setStatus("done");
}

// ---------------------------------------------------------------- puzzle mode

function setTitle(text) { $('[data-testid="title"]').textContent = text; }
function describe(p) {
  const grade = p.grade ? ` ${p.grade}` : "";
  const stars = p.stars > 1 ? `, ${p.stars} stars` : "";
  return `${p.side}x${p.side}${grade}${stars}`;
}
function banner(text, solved = false) {
  const el = $('[data-testid="banner"]');
  el.textContent = text;
  el.classList.toggle("solved", solved);
}

// Opens a puzzle from its text: `grade` when known (a generated one), `daily` its
// date for the daily puzzle. False (with the sentence shown) when the text is refused.
function openPuzzle(text, stars, { announce = true, grade = null, daily = null } = {}) {
  const info = ask("puzzle-info", { text, stars });
  if (info.error) { setResult(`error: ${info.error}`); setStatus("done"); return false; }
  linkNote("");
  sayOpen("");
  state.puzzle = { text: info.text, stars, side: info.side, regions: info.regions, names: info.names,
                   colours: info.colours, patterns: info.patterns,
                   grade, daily };
  state.marks = new Map();
  state.hint = null; state.named = false;
  state.past = []; state.future = [];
  state.hints = 0;
  state.solvedBy = null;
  state.elapsed = 0;
  state.timerStart = Date.now();
  state.timerEnd = null;
  document.body.dataset.solved = "false";
  input("puzzle-text").value = info.text;
  input("stars").value = stars;
  $('[data-testid="explain-log"]').replaceChildren();
  $('[data-testid="hint"]').textContent = "";
  $('[data-testid="hint-rule"]').textContent = "";
  $('[data-testid="share-note"]').textContent = "";
  // A shared result belongs to the puzzle it was made on.
  if (/^queens (daily|puzzle)/.test($('[data-testid="export"]').value)) $('[data-testid="export"]').value = "";
  banner("");
  setTitle(daily ? `Daily puzzle, ${daily} · ${describe(state.puzzle)}` : describe(state.puzzle));
  buildBoard();
  showStats();
  if (announce) {
    const c = ask("puzzle-check", { text: info.text, stars });
    setResult(c.error ? `error: ${c.error}` : c.text, `a ${info.side}x${info.side} puzzle, ${stars} star${stars > 1 ? "s" : ""} per row, column and region`);
    setStatus("done");
  }
  return true;
}

// The daily puzzle of `date`: the one saved when it was first opened on this browser
// (so that a change of the generator never swaps a puzzle in progress), else the
// library's for that date; with the marks, time and hints saved with it. The
// library's sentence when it refuses the date (nothing opened), else null.
function openDaily(date) {
  const saved = store.get(`daily.${date}`, null);
  let text = saved && saved.text;
  if (!text) {
    const a = ask("daily", { date });
    if (a.error || !a.found) {
      clearShown(); buildBoard(); setTitle("No puzzle");
      setResult(`error: ${a.error || a.text}`);
      setStatus("done");
      return a.error || a.text;
    }
    text = a.text;
  }
  if (!openPuzzle(text, 1, { announce: false, grade: "medium", daily: date })) return shownError();
  if (saved) {
    for (const sq of saved.q || []) state.marks.set(sq, "Q");
    for (const sq of saved.x || []) state.marks.set(sq, "x");
    state.hints = saved.hints || 0;
    state.elapsed = saved.elapsed || 0;
    state.timerStart = Date.now();
    if (saved.solved) {
      state.timerEnd = state.timerStart;
      state.solvedBy = saved.solved;
      document.body.dataset.solved = "true";
      banner(`Puzzle solved in ${clock(state.elapsed)}.`, true);
    }
  }
  paint();
  showTimer();
  saveDaily();
  return null;
}

// Today's daily puzzle (the address's `?date=` when it is a date; else today's, said
// so, with a link's `notes` if any).
function openToday(notes = []) {
  openDaily(today());
  const n = dateNote();
  sayLink(n ? [n, ...notes] : notes);
}

// The daily puzzle in progress, kept in the browser's storage on every move.
function saveDaily() {
  const p = state.puzzle;
  if (state.mode !== "puzzle" || !p || !p.daily) return;
  const q = [], x = [];
  for (const [sq, m] of state.marks) (m === "Q" ? q : x).push(sq);
  store.set(`daily.${p.daily}`, { text: p.text, q, x, hints: state.hints, elapsed: played(), solved: state.solvedBy });
}

function played() {
  if (state.timerStart === null) return state.elapsed;
  return state.elapsed + ((state.timerEnd ?? Date.now()) - state.timerStart);
}

// ---- moves, undo and redo

function snapshot() { return [...state.marks]; }
// Records the position before a move (for undo); a new move drops the redo list.
function remember() {
  state.past.push(snapshot());
  if (state.past.length > 500) state.past.shift();
  state.future = [];
}
function undo(back) {
  if (!state.puzzle || state.timerEnd !== null) return;
  const from = back ? state.past : state.future;
  const to = back ? state.future : state.past;
  if (!from.length) return;
  to.push(snapshot());
  state.marks = new Map(from.pop());
  state.hint = null; state.named = false;
  paint();
  afterMove();
}

function cycle(name) {
  const m = state.marks.get(name);
  if (!m) state.marks.set(name, "x");
  else if (m === "x") state.marks.set(name, "Q");
  else state.marks.delete(name);
}

function clickPuzzle(name) {
  if (!state.puzzle || state.timerEnd !== null) return;
  banner("");
  remember();
  cycle(name);
  state.hint = null; state.named = false;
  if (state.marks.get(name) === "Q" && input("auto-crosses").checked) addAutoCrosses();
  paint();
  afterMove();
}
// A key's mark on a square: "x" a cross, "Q" a crown, null empty.
function setMark(name, mark) {
  if (!state.puzzle || state.timerEnd !== null || (state.marks.get(name) || null) === mark) return;
  remember();
  if (mark) state.marks.set(name, mark); else state.marks.delete(name);
  state.hint = null; state.named = false;
  if (mark === "Q" && input("auto-crosses").checked) addAutoCrosses();
  paint();
  afterMove();
}

function addAutoCrosses() {
  const a = ask("puzzle-crosses", puzzleRequest());
  if (!a.error) for (const sq of a.cross) state.marks.set(sq, "x");
}

// Stops the timer, and keeps the record, when the position is the solution.
function afterMove() {
  const stars = [...state.marks.values()].filter((m) => m === "Q").length;
  if (stars !== state.puzzle.side * state.puzzle.stars || state.timerEnd !== null) return;
  const a = ask("puzzle-position", puzzleRequest());
  if (a.kind !== "solved") return;
  state.timerEnd = Date.now();
  state.solvedBy = state.solvedBy || "player";
  document.body.dataset.solved = "true";
  // Shown at once: the next tick would move it past what "solved in" says.
  showTimer();
  const time = clock(played());
  const record = state.solvedBy === "player" ? keepRecord(played()) : null;
  setResult("solved", `in ${time}`);
  // The last hint spoke of a position that is gone.
  $('[data-testid="hint"]').textContent = "";
  $('[data-testid="hint-rule"]').textContent = "";
  const hints = state.hints === 1 ? "1 hint" : `${state.hints} hints`;
  const best = record && record.best === played() && record.count > 1 ? " A new best!" : record ? ` Best ${clock(record.best)}.` : "";
  const streak = record && state.puzzle.daily ? ` Daily streak: ${store.get("streak", { count: 0 }).count}.` : "";
  banner(state.solvedBy === "player"
    ? `Puzzle solved in ${time} with ${hints}.${best}${streak}`
    : "Puzzle solved by the Solve button (no time kept).", true);
  saveDaily();
  showStats();
  syncUndo();
  setStatus("done");
}

// ---- the player's records: best and last times per size and grade, the streak

function recordKey(p) { return `${p.side}x${p.side} ${p.stars > 1 ? p.stars + "★ " : ""}${p.grade || "ungraded"}`; }
function keepRecord(ms) {
  const p = state.puzzle;
  const times = store.get("times", {});
  const key = recordKey(p);
  const r = times[key] || { best: ms, last: ms, count: 0 };
  r.best = Math.min(r.best, ms);
  r.last = ms;
  r.count += 1;
  times[key] = r;
  store.set("times", times);
  if (p.daily) {
    const s = store.get("streak", { last: null, count: 0, best: 0 });
    if (s.last !== p.daily) {
      s.count = s.last === dayBefore(p.daily) ? s.count + 1 : 1;
      s.last = p.daily;
      s.best = Math.max(s.best || 0, s.count);
      store.set("streak", s);
    }
  }
  return r;
}
function showStats() {
  const dl = $('[data-testid="stats"]');
  dl.replaceChildren();
  const add = (k, v) => {
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = v;
    dl.append(dt, dd);
  };
  const s = store.get("streak", { last: null, count: 0, best: 0 });
  const alive = s.last === today() || s.last === dayBefore(today());
  add("Daily streak", `${alive ? s.count : 0} day${alive && s.count === 1 ? "" : "s"} (best ${s.best || 0})`);
  const times = store.get("times", {});
  const here = state.puzzle ? recordKey(state.puzzle) : null;
  const keys = Object.keys(times).sort((a, b) => (a === here ? -1 : b === here ? 1 : a.localeCompare(b, "en", { numeric: true })));
  for (const k of keys.slice(0, 8)) add(k, `best ${clock(times[k].best)}, last ${clock(times[k].last)} (${times[k].count} solved)`);
  if (!keys.length) add("Times", "none yet: solve a puzzle");
}

// The result to share: size, grade, time and hints, no squares; and the link to the
// same puzzle (without the player's marks).
function shareText() {
  const p = state.puzzle;
  if (!p) return "";
  const h = new URLSearchParams();
  h.set("mode", "puzzle");
  h.set("pz", p.text.trim().split("\n").join(" "));
  h.set("stars", p.stars);
  if (p.grade) h.set("grade", p.grade);
  const link = location.origin + location.pathname + "#" + h.toString();
  const what = p.daily ? `queens daily ${p.daily}: ${describe(p)}` : `queens puzzle: ${describe(p)}`;
  const hints = state.hints === 1 ? "1 hint" : `${state.hints} hints`;
  const how = state.timerEnd === null
    ? `in progress, ${clock(played())} so far`
    : state.solvedBy === "player" ? `solved in ${clock(played())} with ${hints}` : "solved with the Solve button";
  return `${what}\n👑 ${how}\n${link}`;
}
async function share() {
  const text = shareText();
  if (!text) return;
  $('[data-testid="export"]').value = text;
  // Said beside the Share button too: on a phone the Answer column is far below.
  const said = $('[data-testid="share-note"]');
  // A phone's own share sheet (messages, chats) where there is one and a finger to
  // use it; the clipboard elsewhere, or when the sheet is dismissed.
  if (navigator.share && matchMedia("(pointer: coarse)").matches) {
    try {
      await navigator.share({ text });
      said.textContent = "Your result is shared.";
      return;
    } catch { /* dismissed or refused: the clipboard below */ }
  }
  try {
    await navigator.clipboard.writeText(text);
    $('[data-testid="detail"]').textContent = "copied to the clipboard";
    said.textContent = "Your result is copied: paste it anywhere.";
  } catch {
    said.textContent = "Your result is in the Share and export box below.";
  }
}

// ---- hints, new puzzles, solve, check

function hint(apply) {
  if (!state.puzzle) return;
  const a = ask("puzzle-hint", puzzleRequest());
  if (a.error) { setResult(`error: ${a.error}`); setStatus("done"); return; }
  $('[data-testid="hint"]').textContent = a.kind === "step" ? a.why : a.text;
  const rule = $('[data-testid="hint-rule"]');
  rule.replaceChildren();
  if (a.kind === "step") {
    const link = document.createElement("a");
    link.href = `#rules=${a.rule}`;
    link.textContent = a.rule;
    link.title = "this rule explained, with a worked step";
    rule.append(link, ` (${a.level})`);
  }
  setResult(a.kind === "step" ? a.rule : a.kind);
  // Under the board too, where a phone player looks: the rule and why, in one breath.
  if (state.timerEnd === null) banner(a.kind === "step" ? `Hint, ${a.rule}: ${a.why}` : a.text);
  if (a.kind === "step" && state.timerEnd === null) {
    state.hints += 1;
    if (apply) {
      remember();
      for (const sq of a.place) state.marks.set(sq, "Q");
      for (const sq of a.cross) state.marks.set(sq, "x");
      state.hint = null; state.named = false;
      const li = document.createElement("li");
      li.textContent = a.text;
      $('[data-testid="explain-log"]').append(li);
    } else state.hint = { place: a.place, cross: a.cross };
    // The sentence names regions by letter ("region c"): each region's letter is
    // shown once, on its first square, while the sentence is on screen.
    state.named = true;
  }
  paint();
  if (apply) afterMove();
  setStatus("done");
}

// A puzzle opened from the settings below the board (a phone's one column): the
// board brought back into sight, as the player would scroll up to it.
function revealBoard() {
  const play = $(".play");
  if (play.getBoundingClientRect().top < 0) play.scrollIntoView({ block: "start" });
}

// What came of the New puzzle fields and button, said under the button as well as in
// the Answer column (which a phone shows far below).
function sayNew(text) { $('[data-testid="new-puzzle-note"]').textContent = text; }

function newPuzzle() {
  sayNew("");
  const size = clampInput("size", Number(input("size").value || 9));
  input("size").value = size;
  const difficulty = input("difficulty").value;
  const seedText = input("seed").value.trim();
  // "New puzzle" without a seed draws a fresh one; every other default (stars, any
  // grade) is the library's, so an empty field is left out of the request.
  const seed = seedText === "" ? Math.floor(Math.random() * 2 ** 31) : Number(seedText);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    note(`Seed '${seedText}' is not a whole number from 0 up; leave it empty for a fresh one`);
    sayNew($('[data-testid="result"]').textContent);
    return;
  }
  // The regions' style (issue 40): `even`, the library's default, or `official`.
  const request = { size, difficulty, seed, style: input("style").value };
  const starsText = input("stars").value.trim();
  if (starsText !== "") { request.stars = clampInput("stars", Number(starsText)); input("stars").value = request.stars; }
  // The library's generator needs seconds to minutes for a graded puzzle past 16x16
  // (`queens puzzle gen --help`): said before the wait, with the way out.
  const slow = size > 16 && difficulty !== "any";
  const label = slow
    ? `making a ${size}x${size} ${difficulty} puzzle (past 16x16 a graded one can take minutes; Stop ends it, difficulty "any" is quick)`
    : "making a puzzle";
  runJob("new-puzzle", request, label, (a, ms) => {
    finish(a, ms);
    if (a.error) { sayNew(`error: ${a.error}`); return; }
    if (!a.found) { setResult(a.text); sayNew(a.text); return; }
    openPuzzle(a.text, a.stars, { announce: false, grade: a.grade });
    setResult(`new ${a.grade} puzzle`, `${size}x${size}, seed ${seed}, unique`);
    revealBoard();
  });
}

function solvePuzzle() {
  if (!state.puzzle) return;
  runJob("puzzle-solve", puzzleRequest(), "solving", (a, ms) => {
    finish(a, ms);
    if (a.error) return;
    setResult(a.text, a.found ? (a.unique ? "the only solution" : "not unique: this is the first solution") : "");
    if (a.found) {
      remember();
      state.marks = new Map(a.stars.map((sq) => [sq, "Q"]));
      state.hint = null; state.named = false;
      if (state.timerEnd === null) state.solvedBy = "solve";
      paint();
      afterMove();
      setResult(a.text, a.unique ? "the only solution" : "not unique: this is the first solution");
    }
  });
}

function checkPuzzle() {
  if (!state.puzzle) return;
  const a = ask("puzzle-position", puzzleRequest());
  setResult(a.error ? `error: ${a.error}` : a.text);
  // Under the board too, where a phone player looks (a solved puzzle keeps its banner).
  if (state.timerEnd === null) banner(a.error ? `error: ${a.error}` : `Check: ${a.text}`);
  setStatus("done");
}

function clearPuzzle() {
  if (!state.puzzle) return;
  if (state.marks.size) remember();
  state.marks = new Map(); state.hint = null; state.named = false;
  if (state.timerEnd !== null) {
    // A fresh start of a solved puzzle: a new timer, a new record.
    state.elapsed = 0; state.timerStart = Date.now(); state.timerEnd = null;
    state.solvedBy = null; state.hints = 0;
    document.body.dataset.solved = "false";
    banner("");
  }
  $('[data-testid="explain-log"]').replaceChildren();
  $('[data-testid="hint"]').textContent = "";
  $('[data-testid="hint-rule"]').textContent = "";
}

// ---- bringing a puzzle in: text, a file, a screenshot

async function openFile(file) {
  if (!file) return;
  if (file.type.startsWith("image/")) return openPicture(file);
  const text = await file.text();
  input("puzzle-text").value = text;
  if (openPuzzle(text, Number(input("stars").value) || 1)) revealBoard();
  else sayOpen($('[data-testid="result"]').textContent);
}

// Why a text, a file or a picture was not opened, under the buttons that open them
// as well as in the Answer column (out of sight once scrolled down to them).
function sayOpen(text) { $('[data-testid="open-note"]').textContent = text; }

// A screenshot: decoded by the browser, read by the library's picture reader. The
// puzzle read opens at once, and a dialog shows a thumbnail of the picture with what
// was read drawn over it (the grid's box, the region borders, the marks, the squares
// read with little confidence) for the player to confirm; Cancel puts back what was
// open before (through its link).
async function openPicture(blob) {
  setStatus("running");
  let bitmap;
  try { bitmap = await createImageBitmap(blob); } catch {
    setResult("error: the picture could not be decoded (PNG, JPEG, WebP or GIF)");
    sayOpen($('[data-testid="result"]').textContent);
    setStatus("done");
    return;
  }
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width; canvas.height = bitmap.height;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  let a;
  const t0 = performance.now();
  try {
    a = JSON.parse(read_picture(bitmap.width, bitmap.height, new Uint8Array(data.buffer), 0, 0));
  } catch (e) {
    a = { error: `the library failed (${e}); reload the page` };
  }
  document.body.dataset.readMs = (performance.now() - t0).toFixed(1);
  if (a.error) { setResult(`error: ${a.error}`); sayOpen(`error: ${a.error}`); setStatus("done"); return; }
  const before = { hash: location.hash, mode: state.mode };
  if (state.mode !== "puzzle") setMode("puzzle", false);
  openPuzzle(a.text, a.stars, { announce: false });
  for (const sq of a.placed.split(" ").filter(Boolean)) state.marks.set(sq, "Q");
  for (const sq of a.crossed.split(" ").filter(Boolean)) state.marks.set(sq, "x");
  paint();
  setResult("read from the picture", a.warnings.join(" "));
  setStatus("done");
  showReading(bitmap, a, before);
}

// Picture square (row from the top, column from the left) of a square's name, `a1`
// bottom left, on a board of side `n`.
function pictureSquare(name, n) {
  const file = name.charCodeAt(0) - 97;
  return { row: n - Number(name.slice(1)), col: file };
}

// The dialog of a reading: the thumbnail drawn, its description, Confirm and Cancel.
function showReading(bitmap, a, before) {
  const dialog = $('[data-testid="picture-check"]');
  const n = a.side;
  const rows = a.text.trim().split("\n");
  const region = (r, c) => rows[r][c];
  const placed = a.placed.split(" ").filter(Boolean);
  const crossed = a.crossed.split(" ").filter(Boolean);
  const unsure = a.unsure.split(" ").filter(Boolean);
  drawReading($('[data-testid="picture-thumb"]'), bitmap, a, region, placed, crossed, unsure);
  const count = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  const described = `The picture, with the ${n}x${n} grid read over it: ${count(new Set(a.text.replace(/\s/g, "")).size, "region", "regions")}, ` +
    `${count(placed.length, "crown", "crowns")} and ${count(crossed.length, "cross", "crosses")} read` +
    (unsure.length ? `; not sure of ${unsure.join(", ")}.` : ".");
  $('[data-testid="picture-thumb"]').setAttribute("aria-label", described);
  $('[data-testid="picture-summary"]').textContent = described.replace(/^The picture, with /, "Read: ").replace(" read over it:", ",");
  $('[data-testid="picture-warnings"]').textContent = a.warnings.join(" ");
  const done = (keep) => {
    dialog.onclose = null;
    if (dialog.open) dialog.close();
    document.body.dataset.pictureCheck = keep ? "confirmed" : "cancelled";
    if (keep) { setResult("read from the picture, confirmed", a.warnings.join(" ")); return; }
    // Back to what was open before the picture: its link holds the puzzle and marks.
    history.replaceState(null, "", before.hash || "#");
    if (before.mode !== "puzzle" && before.mode !== "rules") setMode(before.mode, false);
    loadHash();
    setResult("the picture's reading was cancelled");
    setStatus("done");
  };
  $('[data-testid="picture-confirm"]').onclick = () => done(true);
  $('[data-testid="picture-cancel"]').onclick = () => done(false);
  // Escape closes the dialog: a cancel.
  dialog.onclose = () => done(false);
  document.body.dataset.pictureCheck = "open";
  dialog.showModal();
  $('[data-testid="picture-confirm"]').focus();
}

// The thumbnail: the picture around the grid (a margin of a tenth of its side), at
// most 320 CSS pixels wide, the outside dimmed; over it the grid's box, the thick
// borders between the regions read, a crown or a cross on each square read so, and a
// dashed red square on each square read with little confidence. Lines are drawn light
// under dark so they show on light and dark screenshots alike.
function drawReading(canvas, bitmap, a, region, placed, crossed, unsure) {
  const g = a.grid, n = a.side;
  const m = Math.round(Math.max(g.width, g.height) * 0.1);
  const sx = Math.max(0, g.x - m), sy = Math.max(0, g.y - m);
  const sw = Math.min(bitmap.width, g.x + g.width + m) - sx;
  const sh = Math.min(bitmap.height, g.y + g.height + m) - sy;
  const css = Math.min(320, Math.max(160, sw));
  const dpr = window.devicePixelRatio || 1;
  const k = (css * dpr) / sw;
  canvas.width = Math.round(sw * k); canvas.height = Math.round(sh * k);
  canvas.style.width = `${css}px`;
  canvas.style.aspectRatio = `${sw} / ${sh}`;
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  const X = (x) => (x - sx) * k, Y = (y) => (y - sy) * k;
  const [bx, by, bw, bh] = [X(g.x), Y(g.y), g.width * k, g.height * k];
  // The outside of the grid, dimmed.
  ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
  ctx.fillRect(0, 0, canvas.width, by);
  ctx.fillRect(0, by + bh, canvas.width, canvas.height - by - bh);
  ctx.fillRect(0, by, bx, bh);
  ctx.fillRect(bx + bw, by, canvas.width - bx - bw, bh);
  const px = bw / n, py = bh / n;
  const stroke = (path, width) => {
    ctx.lineCap = "round";
    ctx.strokeStyle = "#fff"; ctx.lineWidth = width + 2.5 * dpr; ctx.stroke(path);
    ctx.strokeStyle = "#c2185b"; ctx.lineWidth = width; ctx.stroke(path);
  };
  const borders = new Path2D();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (c + 1 < n && region(r, c) !== region(r, c + 1)) {
        borders.moveTo(bx + (c + 1) * px, by + r * py); borders.lineTo(bx + (c + 1) * px, by + (r + 1) * py);
      }
      if (r + 1 < n && region(r, c) !== region(r + 1, c)) {
        borders.moveTo(bx + c * px, by + (r + 1) * py); borders.lineTo(bx + (c + 1) * px, by + (r + 1) * py);
      }
    }
  }
  borders.rect(bx, by, bw, bh);
  stroke(borders, Math.max(1.5 * dpr, px * 0.08));
  const marks = new Path2D();
  for (const name of crossed) {
    const { row, col } = pictureSquare(name, n);
    const [cx, cy, d] = [bx + (col + 0.5) * px, by + (row + 0.5) * py, px * 0.18];
    marks.moveTo(cx - d, cy - d); marks.lineTo(cx + d, cy + d);
    marks.moveTo(cx + d, cy - d); marks.lineTo(cx - d, cy + d);
  }
  for (const name of placed) {
    const { row, col } = pictureSquare(name, n);
    const [cx, cy] = [bx + (col + 0.5) * px, by + (row + 0.5) * py];
    marks.moveTo(cx + px * 0.3, cy);
    marks.arc(cx, cy, px * 0.3, 0, 2 * Math.PI);
  }
  stroke(marks, Math.max(1.5 * dpr, px * 0.07));
  if (unsure.length) {
    ctx.setLineDash([4 * dpr, 3 * dpr]);
    const doubt = new Path2D();
    for (const name of unsure) {
      const { row, col } = pictureSquare(name, n);
      doubt.rect(bx + col * px + 2 * dpr, by + row * py + 2 * dpr, px - 4 * dpr, py - 4 * dpr);
    }
    ctx.strokeStyle = "#d50000"; ctx.lineWidth = 2 * dpr; ctx.stroke(doubt);
    ctx.setLineDash([]);
  }
}

// ---------------------------------------------------------------- export

function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function currentSvg() {
  if (state.mode === "puzzle") {
    if (!state.puzzle) return null;
    return puzzleSvg();
  }
  const a = ask("svg", boardRequest());
  return a.error ? null : a.svg;
}

// The puzzle as a player sees it, drawn by the library (`queens puzzle solve --format
// svg`'s drawing): regions in their colours, thick lines between regions, crowns and
// crosses (`marks`: square -> "Q" or "x"), and a step's squares boxed.
function puzzleSvg(p = state.puzzle, marks = state.marks, step = null) {
  const placed = [], crossed = [];
  for (const [sq, m] of marks) (m === "Q" ? placed : crossed).push(sq);
  const a = ask("puzzle-svg", {
    puzzle: { text: p.text, stars: p.stars, placed: placed.join(" "), crossed: crossed.join(" ") },
    place: step ? step.place : [], cross: step ? step.cross : [],
  });
  return a.error ? null : a.svg;
}

// The library's drawing of a puzzle with each region's letter on its top-left square
// (a worked step's sentence names regions by letter: "the rest of region a"). The
// squares are found by their titles (the square's name) in the drawing itself.
function withRegionLetters(svg, info) {
  if (!svg) return svg;
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg") return svg;
  const ns = "http://www.w3.org/2000/svg";
  const rects = new Map();
  for (const t of root.querySelectorAll("rect > title")) rects.set(t.textContent, t.parentNode);
  const n = info.side;
  nameSquares(n, n);
  const seen = new Set();
  for (let rank = n - 1; rank >= 0; rank--) {
    for (let file = 0; file < n; file++) {
      const reg = info.regions[rank * n + file];
      const at = rects.get(squareName(file, rank));
      if (seen.has(reg) || !at) continue;
      seen.add(reg);
      const x = Number(at.getAttribute("x")), y = Number(at.getAttribute("y")), c = Number(at.getAttribute("width"));
      const g = doc.createElementNS(ns, "g");
      g.setAttribute("data-region-label", info.names[reg]);
      const tag = doc.createElementNS(ns, "rect");
      for (const [k, v] of [["x", x + 3], ["y", y + 3], ["width", c * 0.32], ["height", c * 0.36], ["rx", 3], ["fill", "#ffffff"], ["fill-opacity", "0.85"]]) tag.setAttribute(k, v);
      const text = doc.createElementNS(ns, "text");
      for (const [k, v] of [["x", x + 3 + c * 0.16], ["y", y + 3 + c * 0.28], ["text-anchor", "middle"], ["font-size", c * 0.3], ["font-weight", "bold"], ["fill", "#111111"]]) text.setAttribute(k, v);
      text.textContent = info.names[reg];
      g.append(tag, text);
      root.append(g);
    }
  }
  return new XMLSerializer().serializeToString(doc);
}

// ---------------------------------------------------------------- a booklet to print

// N new puzzles (the New puzzle fields, fresh seeds) drawn for print, two a page, and
// their solutions on the last page; printed at once.
function printBooklet() {
  // Said under the button too (the Answer column is out of sight down there).
  const said = $('[data-testid="booklet-note"]');
  said.textContent = "";
  const count = Math.min(30, Math.max(1, Math.floor(Number(input("booklet-count").value)) || 6));
  if (String(count) !== input("booklet-count").value) {
    note(`Puzzles in a booklet: 1 to 30; it is ${count} now`);
    said.textContent = $('[data-testid="result"]').textContent;
  }
  input("booklet-count").value = count;
  const size = clampInput("size", Number(input("size").value || 9));
  input("size").value = size;
  const request = { size, difficulty: input("difficulty").value, seed: Math.floor(Math.random() * 2 ** 31), count };
  const starsText = input("stars").value.trim();
  if (starsText !== "") request.stars = clampInput("stars", Number(starsText));
  runJob("booklet", request, `making ${count} puzzles`, (a, ms) => {
    finish(a, ms);
    if (a.error) { said.textContent = `error: ${a.error}`; return; }
    if (!a.found) { setResult(a.text); said.textContent = a.text; return; }
    const book = $('[data-testid="booklet"]');
    book.replaceChildren();
    const solutions = document.createElement("div");
    solutions.className = "solutions";
    const head = document.createElement("h2");
    head.textContent = "Solutions";
    solutions.append(head);
    a.puzzles.forEach((one, i) => {
      const info = ask("puzzle-info", { text: one.text, stars: one.stars });
      const p = { text: info.text, stars: one.stars };
      const title = `${i + 1}. ${info.side}x${info.side} ${one.grade}${one.stars > 1 ? `, ${one.stars} stars` : ""}`;
      const figure = (marks, cls) => {
        const fig = document.createElement("figure");
        fig.className = cls;
        const img = document.createElement("img");
        img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(puzzleSvg(p, marks));
        img.alt = `puzzle ${title}`;
        const cap = document.createElement("figcaption");
        cap.textContent = title;
        fig.append(img, cap);
        return fig;
      };
      book.append(figure(new Map(), "puzzle"));
      solutions.append(figure(new Map(one.solution.map((sq) => [sq, "Q"])), "solution"));
    });
    book.append(solutions);
    setResult(`a booklet of ${count} puzzles`, "printing");
    document.body.classList.add("booklet-print");
    window.addEventListener("afterprint", () => document.body.classList.remove("booklet-print"), { once: true });
    window.print();
  });
}

// ---------------------------------------------------------------- techniques

// The named rules a hint gives, easiest first, each with a worked step on a small
// puzzle: all from the library (the `techniques` job, in the worker: it makes a few
// puzzles), drawn here.
let techniques = null;
// `focus`: the rule a link names (scrolled to); `notes`: what the page says of the link.
function showTechniques(focus, notes = []) {
  const el = $('[data-testid="techniques"] .rules');
  const said = $('[data-testid="rules-note"]');
  said.textContent = "";
  const scroll = () => {
    const target = focus && document.getElementById(`rule-${focus}`);
    if (target) target.scrollIntoView(); else window.scrollTo(0, 0);
    const all = [...notes];
    if (focus && !target) all.push(`the link's rule '${focus.slice(0, 40)}' is not one of these, so the list starts at the top`);
    if (all.length) { const t = all.join("; "); said.textContent = t[0].toUpperCase() + t.slice(1) + "."; }
  };
  if (techniques) { scroll(); return; }
  el.textContent = "Finding a worked step for each rule…";
  runJob("techniques", {}, "finding worked steps", (a, ms) => {
    finish(a, ms);
    if (a.error) { el.textContent = `error: ${a.error}`; return; }
    techniques = a.rules;
    el.replaceChildren();
    for (const r of a.rules) {
      const art = document.createElement("article");
      art.id = `rule-${r.rule}`;
      art.dataset.rule = r.rule;
      const h = document.createElement("h2");
      h.textContent = r.rule;
      const lvl = document.createElement("span");
      lvl.className = `level ${r.level || ""}`;
      lvl.textContent = r.level || "";
      h.append(" ", lvl);
      const what = document.createElement("p");
      what.textContent = r.what;
      art.append(h, what);
      if (r.example) {
        const e = r.example;
        const info = ask("puzzle-info", { text: e.text, stars: e.stars });
        if (!info.error) {
          const p = { text: info.text, stars: e.stars };
          const marks = new Map();
          for (const sq of e.placed.split(" ").filter(Boolean)) marks.set(sq, "Q");
          for (const sq of e.crossed.split(" ").filter(Boolean)) marks.set(sq, "x");
          const fig = document.createElement("figure");
          const img = document.createElement("img");
          img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(withRegionLetters(puzzleSvg(p, marks, e), info));
          img.alt = `A ${info.side}x${info.side} puzzle where ${r.rule} applies`;
          img.width = img.height = 220;
          const cap = document.createElement("figcaption");
          const acts = [];
          if (e.place.length) acts.push(`a ${e.stars > 1 ? "star" : "queen"} on ${e.place.join(" ")} (blue)`);
          if (e.cross.length) acts.push(`crosses on ${e.cross.join(" ")} (orange)`);
          cap.textContent = `${acts.join("; ")}: ${e.why}`;
          fig.append(img, cap);
          art.append(fig);
        }
      }
      el.append(art);
    }
    scroll();
  });
}

function exportAs(kind) {
  const box = $('[data-testid="export"]');
  if (kind === "link") { box.value = location.href; return; }
  if (kind === "coords") {
    const text = state.mode === "puzzle" ? puzzleRequest().placed : coordsText(state.pieces);
    box.value = text;
    download("placement.txt", new Blob([text + "\n"], { type: "text/plain" }));
    return;
  }
  const svg = currentSvg();
  if (!svg) { box.value = "nothing to draw"; return; }
  if (kind === "svg") {
    box.value = svg;
    download("board.svg", new Blob([svg], { type: "image/svg+xml" }));
    return;
  }
  const img = new Image();
  img.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = img.width; canvas.height = img.height;
    canvas.getContext("2d").drawImage(img, 0, 0);
    canvas.toBlob((blob) => {
      box.value = `board.png, ${blob.size} bytes, ${img.width}x${img.height}`;
      download("board.png", blob);
    }, "image/png");
  };
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
}

// ---------------------------------------------------------------- modes and events

function setMode(mode, save = true) {
  if (mode === "rules" && state.mode !== "rules") state.back = { mode: state.mode, hash: state.prevHash ?? location.hash };
  state.prevHash = null;
  // A mode chosen: what the page said of the link that opened the last one is past.
  if (save) linkNote("");
  state.mode = mode;
  document.body.dataset.mode = mode;
  for (const m of ["board", "puzzle", "rules"]) action(`mode-${m}`).setAttribute("aria-pressed", String(mode === m));
  if (mode !== "rules") buildBoard();
  if (save) saveHash();
}

function onAction(name) {
  if (name !== "stop" && job) return;
  const puzzle = state.mode === "puzzle";
  switch (name) {
    case "mode-board": return setMode("board");
    case "mode-rules": setMode("rules"); return showTechniques(null);
    case "back":
      if (state.back) { history.replaceState(null, "", state.back.hash || "#"); const b = state.back; state.back = null; return setMode(b.mode); }
      return onAction("mode-puzzle");
    case "mode-puzzle":
      if (!state.puzzle) { setMode("puzzle", false); return openToday(); }
      // (It called itself here, without end: the Puzzle button was dead after the Lab.)
      return setMode("puzzle");
    case "stop": return stopJob();
    case "solve": return puzzle ? solvePuzzle() : boardJob("solve");
    case "next": case "prev": case "count": case "count-unique": case "max": case "cover":
      return boardJob(name);
    case "check": return puzzle ? checkPuzzle() : checkBoard();
    case "clear":
      if (puzzle) clearPuzzle();
      else { edited(); state.pieces = new Map(); state.holes = new Set(); state.blockers = new Set(); }
      setResult("");
      setStatus("idle");
      return paint();
    case "undo": return undo(true);
    case "redo": return undo(false);
    case "hint": return hint(false);
    case "explain-step": return hint(true);
    case "new-puzzle": return newPuzzle();
    case "daily": openToday(); return revealBoard();
    case "share": return share();
    case "print": return window.print();
    case "booklet": return printBooklet();
    case "load-puzzle": {
      const stars = clampInput("stars", Number(input("stars").value || 1));
      input("stars").value = stars;
      // A text that is refused leaves the board as it was, with the sentence why.
      if (openPuzzle(input("puzzle-text").value, stars)) revealBoard();
      else sayOpen($('[data-testid="result"]').textContent);
      return;
    }
    case "copy-link": return exportAs("link");
    case "export-coords": return exportAs("coords");
    case "export-svg": return exportAs("svg");
    case "export-png": return exportAs("png");
  }
}

function moveFocus(name) {
  const el = $(`#board [data-square="${name}"]`);
  if (!el) return;
  const old = $(`#board [data-square="${state.focus}"]`);
  if (old) old.tabIndex = -1;
  state.focus = name;
  el.tabIndex = 0;
  el.focus();
}

function onKey(event) {
  const sq = event.target.closest("[data-square]");
  if (!sq) return;
  const { file, rank } = parseSquare(sq.dataset.square);
  const puzzle = state.mode === "puzzle";
  const rows = puzzle ? state.puzzle.side : state.rows;
  const cols = puzzle ? state.puzzle.side : state.cols;
  const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (moves[event.key]) {
    const [df, dr] = moves[event.key];
    const f = Math.min(cols - 1, Math.max(0, file + df)), r = Math.min(rows - 1, Math.max(0, rank + dr));
    moveFocus(squareName(f, r));
    event.preventDefault();
  } else if (event.key === "Home" || event.key === "End") {
    moveFocus(squareName(event.key === "Home" ? 0 : cols - 1, rank));
    event.preventDefault();
  } else if (event.key === "Enter" || event.key === " ") {
    clickBoard(sq.dataset.square);
    moveFocus(sq.dataset.square);
    event.preventDefault();
  } else if (puzzle && (key === "x" || key === "q" || key === "c" || key === "Delete" || key === "Backspace")) {
    setMark(sq.dataset.square, key === "x" ? "x" : key === "q" || key === "c" ? "Q" : null);
    moveFocus(sq.dataset.square);
    event.preventDefault();
  }
}

// Undo and redo from anywhere but a text field (which has its own).
function onGlobalKey(event) {
  if (state.mode !== "puzzle" || !(event.ctrlKey || event.metaKey)) return;
  if (event.target.closest("input, textarea, select")) return;
  const k = event.key.toLowerCase();
  if (k === "z" && !event.shiftKey) { undo(true); event.preventDefault(); }
  else if (k === "y" || (k === "z" && event.shiftKey)) { undo(false); event.preventDefault(); }
}

// Taps and drags on a puzzle: a press and release on one square cycles it; a press
// dragged over other squares crosses every empty square it passes (the first one
// too), as one move for undo.
let drag = null;
function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const sq = el && el.closest("#board [data-square]");
  return sq ? sq.dataset.square : null;
}
function onPointerDown(e) {
  if (state.mode !== "puzzle" || job || !state.puzzle || e.button > 0) return;
  const name = squareAt(e.clientX, e.clientY);
  if (!name) return;
  drag = { start: name, moved: false, id: e.pointerId };
  e.preventDefault();
}
function onPointerMove(e) {
  if (!drag || e.pointerId !== drag.id || state.timerEnd !== null) return;
  const name = squareAt(e.clientX, e.clientY);
  if (!name || (name === drag.start && !drag.moved)) return;
  if (!drag.moved) {
    drag.moved = true;
    remember();
    if (!state.marks.has(drag.start)) state.marks.set(drag.start, "x");
  }
  if (!state.marks.has(name)) {
    state.marks.set(name, "x");
    state.hint = null; state.named = false;
    paint();
  }
}
function onPointerUp(e) {
  if (!drag || e.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (d.moved) { paint(); afterMove(); return; }
  const name = squareAt(e.clientX, e.clientY);
  if (name === d.start) { clickPuzzle(name); moveFocus(name); }
}

function wire() {
  document.addEventListener("click", (e) => {
    const b = e.target.closest("[data-action]");
    if (b && !b.disabled) onAction(b.dataset.action);
  });
  $("#board").addEventListener("click", (e) => {
    const sq = e.target.closest("[data-square]");
    if (sq && !job && state.mode !== "puzzle") { clickBoard(sq.dataset.square); moveFocus(sq.dataset.square); }
  });
  $("#board").addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", () => { drag = null; });
  $("#board").addEventListener("keydown", onKey);
  document.addEventListener("keydown", onGlobalKey);
  // The clock stops while the page is out of sight (another tab, the phone locked), as
  // the puzzle apps' do: a best time is time played. The daily keeps what was played.
  document.addEventListener("visibilitychange", () => {
    if (!state.puzzle || state.timerEnd !== null) return;
    if (document.visibilityState === "hidden" && state.timerStart !== null) {
      state.elapsed = played();
      state.timerStart = null;
      if (state.puzzle.daily) saveDaily();
    } else if (document.visibilityState === "visible" && state.timerStart === null) {
      state.timerStart = Date.now();
    }
  });
  const side = (key) => () => {
    const v = clampInput(key, Number(input(key).value));
    input(key).value = v;
    if (state[key] === v) return;
    state[key] = v;
    const inside = (sq) => { const p = parseSquare(sq); return p !== null && p.file < state.cols && p.rank < state.rows; };
    state.pieces = new Map([...state.pieces].filter(([sq]) => inside(sq)));
    state.holes = new Set([...state.holes].filter(inside));
    state.blockers = new Set([...state.blockers].filter(inside));
    edited();
    syncInputs();
    buildBoard();
  };
  input("rows").addEventListener("change", side("rows"));
  input("cols").addEventListener("change", side("cols"));
  for (const key of ["size", "stars"]) {
    input(key).addEventListener("change", () => {
      const before = input(key).value.trim();
      if (before === "") return;
      input(key).value = clampInput(key, Number(before));
      sayNew(input(key).value === before ? "" : $('[data-testid="result"]').textContent);
    });
  }
  input("torus").addEventListener("change", () => { state.torus = input("torus").checked; edited(); paint(); });
  input("paint").addEventListener("change", () => { state.paint = input("paint").value; });
  input("piece").addEventListener("change", () => { state.kind = input("piece").value; syncInputs(); saveHash(); });
  input("betza").addEventListener("change", () => { state.betza = input("betza").value.trim(); edited(); paint(); });
  input("spec").addEventListener("change", () => { state.spec = input("spec").value.trim(); edited(); saveHash(); });
  // The player's options, kept in the browser's storage.
  for (const key of ["letters", "auto-crosses", "patterns"]) {
    input(key).checked = store.get(`option.${key}`, input(key).checked);
    input(key).addEventListener("change", () => {
      store.set(`option.${key}`, input(key).checked);
      document.body.dataset.patterns = String(input("patterns").checked);
      paint();
    });
  }
  document.body.dataset.patterns = String(input("patterns").checked);
  input("puzzle-file").addEventListener("change", () => {
    const file = input("puzzle-file").files[0];
    // Emptied, so that the same file chosen again (edited, or after another) opens again.
    input("puzzle-file").value = "";
    openFile(file);
  });
  // A screenshot pasted or dropped anywhere (text pasted into a field stays there).
  document.addEventListener("paste", (e) => {
    const item = [...(e.clipboardData?.items || [])].find((i) => i.type.startsWith("image/"));
    if (item && !job) { e.preventDefault(); openPicture(item.getAsFile()); }
  });
  document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("dragover"); });
  document.addEventListener("dragleave", () => document.body.classList.remove("dragover"));
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dragover");
    const file = e.dataTransfer?.files?.[0];
    if (file && !job) openFile(file);
  });
  window.addEventListener("hashchange", (e) => {
    // A link opened while a job runs: the link wins (the job is stopped).
    if (job) stopJob();
    state.prevHash = new URL(e.oldURL).hash;
    loadHash();
    state.prevHash = null;
  });
  // The daily puzzle's time is saved when the page is left.
  window.addEventListener("pagehide", saveDaily);
  document.addEventListener("visibilitychange", () => { if (document.hidden) saveDaily(); });
  boardObserver = new ResizeObserver(() => measure());
  boardObserver.observe($("#board"));
  setInterval(showTimer, 250);
}

// The puzzle's timer, to its stop if it has one.
function showTimer() {
  if (state.mode !== "puzzle" || !state.puzzle || state.timerStart === null) return;
  $('[data-testid="timer"]').textContent = clock(played());
}

async function main() {
  const t0 = performance.now();
  wasmModule = await WebAssembly.compileStreaming(fetch("queens_web_bg.wasm"));
  await init({ module_or_path: wasmModule });
  // For benchmarks and the console: the library's one entry point on this thread.
  globalThis.queens = { call: (name, request) => ask(name, request) };
  startWorker();
  wire();
  loadHash();
  setRunning(false);
  setStatus("idle");
  document.body.dataset.ready = "true";
  document.body.dataset.readyMs = String(Math.round(performance.now() - t0));
  // Milliseconds from the navigation's start to the page ready for clicks (bench/web.sh).
  document.body.dataset.readyAt = String(Math.round(performance.now()));
  // Offline after the first visit: the service worker keeps the site's files.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline copy:", e));
  }
}

main().catch((e) => {
  setStatus("idle");
  setResult(`error: the page could not start: ${e}`);
  console.error(e);
});
