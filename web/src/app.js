// The page: the free board and puzzle mode over the queens library (WebAssembly).
//
// Every answer comes from the library through one export, `call(job, requestJson)`:
// quick jobs (attacked squares and the verdict after each change, hints, checks,
// drawings) run here on the page's own instance; long jobs (solve, next/previous,
// counts, max, cover, new puzzles) run in a Web Worker, which Stop terminates and
// replaces at once. The page state lives in `state`; the URL's hash carries it, so a
// link opens the same board or puzzle.
import init, { call } from "./queens_web.js";

const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => [...document.querySelectorAll(sel)];
const action = (name) => $(`[data-action="${name}"]`);
const input = (name) => $(`[data-input="${name}"]`);

const NAMES = { K: "king", N: "knight", B: "bishop", R: "rook", Q: "queen", A: "amazon", F: "fairy piece" };

// Paul Tol's "light" scheme (colour-blind safe), for puzzle regions; neighbouring
// regions get different colours (greedy colouring), and thick borders part regions.
const REGION_COLOURS = ["#77AADD", "#EEDD88", "#44BB99", "#FFAABB", "#99DDFF", "#BBCC33", "#EE8866", "#DDDDDD", "#AAAA00"];

const state = {
  mode: "board",
  rows: 8, cols: 8, torus: false,
  pieces: new Map(),      // square name -> piece letter
  holes: new Set(), blockers: new Set(),
  kind: "Q", betza: "", spec: "", paint: "piece",
  base: null,             // the pieces text the shown solution answers (null: the board is the input)
  index: -1,              // which solution of `base` is shown
  solved: new Set(),      // squares whose piece a job placed
  conflicts: new Set(),
  focus: "a1",
  // Puzzle mode.
  puzzle: null,           // { text, stars, side, regions, names, colours }
  marks: new Map(),       // square name -> "Q" (a queen, a star) or "x" (a cross)
  hint: null,             // { place: [...], cross: [...] }
  timerStart: null, timerEnd: null,
};

// ---------------------------------------------------------------- squares and text

function fileName(file) {
  let n = file + 1, s = "";
  while (n > 0) { n -= 1; s = String.fromCharCode(97 + (n % 26)) + s; n = Math.floor(n / 26); }
  return s;
}
function squareName(file, rank) { return fileName(file) + (rank + 1); }
function parseSquare(name) {
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return null;
  let f = 0;
  for (const c of m[1]) f = f * 26 + (c.charCodeAt(0) - 96);
  return { file: f - 1, rank: Number(m[2]) - 1 };
}
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
  if (on) setStatus("running");
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
  setStatus("done");
}

// ---------------------------------------------------------------- drawing the board

function cellSize(rows, cols) {
  const room = Math.min(640, window.innerWidth - 80);
  return Math.max(10, Math.min(56, Math.floor(room / Math.max(rows, cols))));
}

function buildBoard() {
  const el = $("#board");
  const puzzle = state.mode === "puzzle" && state.puzzle;
  const rows = puzzle ? state.puzzle.side : state.rows;
  const cols = puzzle ? state.puzzle.side : state.cols;
  const cell = cellSize(rows, cols);
  document.documentElement.style.setProperty("--cell", `${cell}px`);
  el.className = puzzle ? "puzzle" : "";
  el.style.gridTemplateColumns = `${Math.max(16, cell / 2)}px repeat(${cols}, ${cell}px)`;
  el.replaceChildren();
  if (state.mode === "puzzle" && !puzzle) {
    el.textContent = "Make a new puzzle, or paste one and open it.";
    el.style.gridTemplateColumns = "auto";
    return;
  }
  if (!parseSquare(state.focus) || parseSquare(state.focus).file >= cols || parseSquare(state.focus).rank >= rows) state.focus = "a1";
  for (let r = rows - 1; r >= 0; r--) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.style.display = "contents";
    const label = document.createElement("div");
    label.className = "label";
    label.textContent = r + 1;
    label.setAttribute("aria-hidden", "true");
    row.append(label);
    for (let f = 0; f < cols; f++) {
      const sq = document.createElement("div");
      const name = squareName(f, r);
      sq.className = "sq " + ((f + r) % 2 === 1 ? "light" : "dark");
      sq.dataset.square = name;
      sq.setAttribute("role", "gridcell");
      sq.tabIndex = name === state.focus ? 0 : -1;
      if (puzzle) {
        const n = state.puzzle.side, i = r * n + f, reg = state.puzzle.regions[i];
        sq.style.background = state.puzzle.colours[reg];
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
  const files = document.createElement("div");
  files.style.display = "contents";
  files.setAttribute("aria-hidden", "true");
  files.append(document.createElement("div"));
  for (let f = 0; f < cols; f++) {
    const l = document.createElement("div");
    l.className = "label";
    l.textContent = fileName(f);
    files.append(l);
  }
  el.append(files);
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

// A mark drawn on a square (a piece, a cross, a region letter): hidden from screen
// readers, which read the square's aria-label instead.
function addGlyph(sq, className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  span.setAttribute("aria-hidden", "true");
  sq.append(span);
}

function paintPuzzle() {
  const hint = state.hint || { place: [], cross: [] };
  for (const sq of $$("#board [data-square]")) {
    const name = sq.dataset.square;
    const mark = state.marks.get(name);
    sq.replaceChildren();
    if ($('[data-input="letters"]').checked) {
      addGlyph(sq, "region-letter", sq.dataset.region);
    }
    const words = [name, `region ${sq.dataset.region}`];
    if (mark === "Q") {
      sq.dataset.piece = "Q";
      addGlyph(sq, "piece", "Q");
      words.push("queen");
    } else delete sq.dataset.piece;
    if (mark === "x") {
      sq.dataset.mark = "cross";
      addGlyph(sq, "cross", "×");
      words.push("crossed");
    } else delete sq.dataset.mark;
    if (!mark) words.push("empty");
    if (hint.place.includes(name)) { sq.dataset.hint = "place"; words.push("hint: place a queen"); }
    else if (hint.cross.includes(name)) { sq.dataset.hint = "cross"; words.push("hint: cross"); }
    else delete sq.dataset.hint;
    sq.setAttribute("aria-label", words.join(", "));
  }
  saveHash();
}

// ---------------------------------------------------------------- the URL

function saveHash() {
  const h = new URLSearchParams();
  if (state.mode === "puzzle") {
    h.set("mode", "puzzle");
    if (state.puzzle) {
      // Ranks joined by spaces (a region name is never blank), `+` in the URL.
      h.set("pz", state.puzzle.text.trim().split("\n").join(" "));
      h.set("stars", state.puzzle.stars);
      const r = puzzleRequest();
      if (r.placed) h.set("q", r.placed.replaceAll(" ", ","));
      if (r.crossed) h.set("x", r.crossed.replaceAll(" ", ","));
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
}

function loadHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.get("mode") === "puzzle") {
    setMode("puzzle", false);
    if (h.get("pz")) {
      // Ranks apart by spaces; a hand-written link may part them by `/` instead.
      const pz = h.get("pz").trim();
      const text = pz.split(pz.includes(" ") ? " " : "/").join("\n") + "\n";
      openPuzzle(text, Number(h.get("stars") || 1), false);
      for (const sq of (h.get("q") || "").split(",").filter(Boolean)) state.marks.set(sq, "Q");
      for (const sq of (h.get("x") || "").split(",").filter(Boolean)) state.marks.set(sq, "x");
      paint();
    }
    return;
  }
  const size = /^(\d+)x(\d+)$/.exec(h.get("b") || "8x8");
  state.rows = clampSide(size ? Number(size[1]) : 8);
  state.cols = clampSide(size ? Number(size[2]) : 8);
  state.pieces = parseCoords((h.get("p") || "").replaceAll(",", " "));
  state.holes = new Set((h.get("holes") || "").split(",").filter(Boolean));
  state.blockers = new Set((h.get("blockers") || "").split(",").filter(Boolean));
  state.torus = h.get("torus") === "1";
  state.betza = h.get("fairy") || "";
  state.kind = h.get("kind") || "Q";
  state.spec = h.get("spec") || "";
  state.solved = new Set();
  state.base = null;
  syncInputs();
  setMode("board", false);
}

function clampSide(n) { return Math.min(64, Math.max(1, Math.floor(n) || 8)); }

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
  state.index = -1;
  state.solved = new Set();
}

function clickBoard(name) {
  if (state.mode === "puzzle") return clickPuzzle(name);
  edited();
  if (state.paint === "piece") {
    if (state.kind === "F" && !state.betza) {
      setResult("the fairy piece F has no moves yet: type a Betza string such as NN or a name such as nightrider");
      return;
    }
    if (state.holes.has(name) || state.blockers.has(name)) {
      setResult(`${name} is a ${state.holes.has(name) ? "hole" : "blocker"}: paint it away first`);
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
    if (name === "prev" && state.base !== null && state.index === 0) { setResult("this is the first solution"); return; }
    runJob("nth", { board: request, index }, `solution ${index + 1}`, (a, ms) => {
      finish(a, ms);
      if (a.error) return;
      setResult(a.text);
      if (a.found) { state.base = base; state.index = index; showPlacement(a.coords, base); }
    });
    return;
  }
  runJob(name, request, labels[name], (a, ms) => {
    finish(a, ms);
    if (a.error) return;
    setResult(a.text);
    if (name === "solve") {
      if (a.found) { state.base = base; state.index = -1; showPlacement(a.coords, base); }
    } else if (name === "cover" && a.coords) {
      setResult(a.text, `${a.min} pieces cover the board, in ${a.count} ways; one is drawn`);
      state.base = base; showPlacement(a.coords, base);
    } else if (name === "max" && a.max !== null) {
      setResult(a.text, `at most ${a.max} of ${state.kind} stand with the placed pieces, in ${a.placements} ways`);
    }
  });
}

function checkBoard() {
  const a = ask("analyse", boardRequest());
  setResult(a.error ? `error: ${a.error}` : a.text);
  setStatus("done");
}

// ---------------------------------------------------------------- puzzle mode

// A colour per region: all different while the palette lasts; beyond that, neighbours
// differ (greedy, the least used colour first), and thick borders tell regions apart.
function colourRegions(side, regions) {
  if (side <= REGION_COLOURS.length) return REGION_COLOURS.slice(0, side);
  const adj = Array.from({ length: side }, () => new Set());
  for (let i = 0; i < side * side; i++) {
    const r = Math.floor(i / side), f = i % side;
    for (const [dr, df] of [[0, 1], [1, 0]]) {
      if (r + dr < side && f + df < side) {
        const a = regions[i], b = regions[(r + dr) * side + f + df];
        if (a !== b) { adj[a].add(b); adj[b].add(a); }
      }
    }
  }
  const colour = new Array(side).fill(-1);
  const uses = new Array(REGION_COLOURS.length).fill(0);
  for (let reg = 0; reg < side; reg++) {
    const taken = new Set([...adj[reg]].map((o) => colour[o]));
    const free = uses.map((u, c) => [u, c]).filter(([, c]) => !taken.has(c));
    const [, c] = (free.length ? free : uses.map((u, c) => [u, c])).sort((x, y) => x[0] - y[0])[0];
    colour[reg] = c;
    uses[c] += 1;
  }
  return colour.map((c) => REGION_COLOURS[c]);
}

function openPuzzle(text, stars, announce = true) {
  const info = ask("puzzle-info", { text, stars });
  if (info.error) { setResult(`error: ${info.error}`); setStatus("done"); return false; }
  state.puzzle = { text: info.text, stars, side: info.side, regions: info.regions, names: info.names,
                   colours: colourRegions(info.side, info.regions) };
  state.marks = new Map();
  state.hint = null;
  state.timerStart = performance.now();
  state.timerEnd = null;
  input("puzzle-text").value = info.text;
  input("stars").value = stars;
  $('[data-testid="explain-log"]').replaceChildren();
  $('[data-testid="hint"]').textContent = "";
  buildBoard();
  if (announce) {
    const c = ask("puzzle-check", { text: info.text, stars });
    setResult(c.error ? `error: ${c.error}` : c.text, `a ${info.side}x${info.side} puzzle, ${stars} star${stars > 1 ? "s" : ""} per row, column and region`);
    setStatus("done");
  }
  return true;
}

function clickPuzzle(name) {
  if (!state.puzzle) return;
  const m = state.marks.get(name);
  if (!m) state.marks.set(name, "x");
  else if (m === "x") state.marks.set(name, "Q");
  else state.marks.delete(name);
  state.hint = null;
  if (state.marks.get(name) === "Q" && input("auto-crosses").checked) addAutoCrosses();
  paint();
  afterMove();
}

function addAutoCrosses() {
  const a = ask("puzzle-crosses", puzzleRequest());
  if (!a.error) for (const sq of a.cross) state.marks.set(sq, "x");
}

// Stops the timer when the position is the solution.
function afterMove() {
  const stars = [...state.marks.values()].filter((m) => m === "Q").length;
  if (stars !== state.puzzle.side * state.puzzle.stars) return;
  const a = ask("puzzle-position", puzzleRequest());
  if (a.kind === "solved" && state.timerEnd === null) {
    state.timerEnd = performance.now();
    // Shown at once: the next tick would move it past what "solved in" says.
    showTimer();
    setResult("solved", `in ${$('[data-testid="timer"]').textContent}`);
    setStatus("done");
  }
}

function hint(apply) {
  if (!state.puzzle) return;
  const a = ask("puzzle-hint", puzzleRequest());
  if (a.error) { setResult(`error: ${a.error}`); setStatus("done"); return; }
  $('[data-testid="hint"]').textContent = a.text;
  setResult(a.kind === "step" ? a.rule : a.kind);
  if (a.kind === "step") {
    if (apply) {
      for (const sq of a.place) state.marks.set(sq, "Q");
      for (const sq of a.cross) state.marks.set(sq, "x");
      state.hint = null;
      const li = document.createElement("li");
      li.textContent = a.text;
      $('[data-testid="explain-log"]').append(li);
    } else state.hint = { place: a.place, cross: a.cross };
  }
  paint();
  if (apply) afterMove();
  setStatus("done");
}

function newPuzzle() {
  const size = Number(input("size").value) || 8;
  const difficulty = input("difficulty").value;
  const seedText = input("seed").value.trim();
  // "New puzzle" without a seed draws a fresh one; every other default (stars, any
  // grade) is the library's, so an empty field is left out of the request.
  const seed = seedText === "" ? Math.floor(Math.random() * 2 ** 31) : Number(seedText);
  const request = { size, difficulty, seed };
  const starsText = input("stars").value.trim();
  if (starsText !== "") request.stars = Number(starsText);
  runJob("new-puzzle", request, "making a puzzle", (a, ms) => {
    finish(a, ms);
    if (a.error) return;
    if (!a.found) { setResult(a.text); return; }
    openPuzzle(a.text, a.stars, false);
    setResult(`new ${a.grade} puzzle`, `${size}x${size}, seed ${seed}, unique`);
  });
}

function solvePuzzle() {
  if (!state.puzzle) return;
  runJob("puzzle-solve", puzzleRequest(), "solving", (a, ms) => {
    finish(a, ms);
    if (a.error) return;
    setResult(a.found ? a.text : a.text, a.found ? (a.unique ? "the only solution" : "not unique: this is the first solution") : "");
    if (a.found) {
      state.marks = new Map(a.stars.map((sq) => [sq, "Q"]));
      state.hint = null;
      paint();
    }
  });
}

function checkPuzzle() {
  if (!state.puzzle) return;
  const a = ask("puzzle-position", puzzleRequest());
  setResult(a.error ? `error: ${a.error}` : a.text);
  setStatus("done");
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

// The puzzle with its regions and queens, drawn here (the library draws boards).
function puzzleSvg() {
  const n = state.puzzle.side, c = 40, m = 20, w = n * c + 2 * m;
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 ${w} ${w}" font-family="sans-serif">\n`;
  s += `<rect width="${w}" height="${w}" fill="#ffffff"/>\n`;
  for (let r = 0; r < n; r++) for (let f = 0; f < n; f++) {
    const i = r * n + f, x = m + f * c, y = m + (n - 1 - r) * c, name = squareName(f, r);
    s += `<rect x="${x}" y="${y}" width="${c}" height="${c}" fill="${state.puzzle.colours[state.puzzle.regions[i]]}" stroke="#888"><title>${name}</title></rect>\n`;
    const mark = state.marks.get(name);
    if (mark === "Q") s += `<circle cx="${x + c / 2}" cy="${y + c / 2}" r="${c * 0.35}" fill="#222"/><text x="${x + c / 2}" y="${y + c / 2 + 6}" font-size="18" text-anchor="middle" fill="#fff">Q</text>\n`;
    if (mark === "x") s += `<text x="${x + c / 2}" y="${y + c / 2 + 8}" font-size="24" text-anchor="middle" fill="#333">×</text>\n`;
  }
  return s + "</svg>\n";
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
  state.mode = mode;
  document.body.dataset.mode = mode;
  action("mode-board").setAttribute("aria-pressed", String(mode === "board"));
  action("mode-puzzle").setAttribute("aria-pressed", String(mode === "puzzle"));
  buildBoard();
  if (save) saveHash();
}

function onAction(name) {
  if (name !== "stop" && job) return;
  const puzzle = state.mode === "puzzle";
  switch (name) {
    case "mode-board": return setMode("board");
    case "mode-puzzle": return setMode("puzzle");
    case "stop": return stopJob();
    case "solve": return puzzle ? solvePuzzle() : boardJob("solve");
    case "next": case "prev": case "count": case "count-unique": case "max": case "cover":
      return boardJob(name);
    case "check": return puzzle ? checkPuzzle() : checkBoard();
    case "clear":
      if (puzzle) {
        state.marks = new Map(); state.hint = null; state.timerStart = performance.now(); state.timerEnd = null;
        $('[data-testid="explain-log"]').replaceChildren();
        $('[data-testid="hint"]').textContent = "";
      } else { edited(); state.pieces = new Map(); state.holes = new Set(); state.blockers = new Set(); }
      setResult("");
      setStatus("idle");
      return paint();
    case "hint": return hint(false);
    case "explain-step": return hint(true);
    case "new-puzzle": return newPuzzle();
    case "load-puzzle": return openPuzzle(input("puzzle-text").value, Number(input("stars").value) || 1);
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
  const rows = state.mode === "puzzle" ? state.puzzle.side : state.rows;
  const cols = state.mode === "puzzle" ? state.puzzle.side : state.cols;
  const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
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
  }
}

function wire() {
  document.addEventListener("click", (e) => {
    const b = e.target.closest("[data-action]");
    if (b && !b.disabled) onAction(b.dataset.action);
  });
  $("#board").addEventListener("click", (e) => {
    const sq = e.target.closest("[data-square]");
    if (sq && !job) { clickBoard(sq.dataset.square); moveFocus(sq.dataset.square); }
  });
  $("#board").addEventListener("keydown", onKey);
  const side = (key) => () => {
    const v = clampSide(Number(input(key).value));
    input(key).value = v;
    if (state[key] === v) return;
    state[key] = v;
    const inside = (sq) => { const p = parseSquare(sq); return p.file < state.cols && p.rank < state.rows; };
    state.pieces = new Map([...state.pieces].filter(([sq]) => inside(sq)));
    state.holes = new Set([...state.holes].filter(inside));
    state.blockers = new Set([...state.blockers].filter(inside));
    edited();
    syncInputs();
    buildBoard();
  };
  input("rows").addEventListener("change", side("rows"));
  input("cols").addEventListener("change", side("cols"));
  input("torus").addEventListener("change", () => { state.torus = input("torus").checked; edited(); paint(); });
  input("paint").addEventListener("change", () => { state.paint = input("paint").value; });
  input("piece").addEventListener("change", () => { state.kind = input("piece").value; syncInputs(); saveHash(); });
  input("betza").addEventListener("change", () => { state.betza = input("betza").value.trim(); edited(); paint(); });
  input("spec").addEventListener("change", () => { state.spec = input("spec").value.trim(); edited(); saveHash(); });
  input("letters").addEventListener("change", () => paint());
  input("puzzle-file").addEventListener("change", async () => {
    const file = input("puzzle-file").files[0];
    if (!file) return;
    const text = await file.text();
    input("puzzle-text").value = text;
    openPuzzle(text, Number(input("stars").value) || 1);
  });
  window.addEventListener("hashchange", () => { if (!job) loadHash(); });
  setInterval(showTimer, 250);
}

// The puzzle's timer, to its stop if it has one.
function showTimer() {
  if (state.mode !== "puzzle" || !state.puzzle || state.timerStart === null) return;
  const ms = (state.timerEnd ?? performance.now()) - state.timerStart;
  const s = Math.floor(ms / 1000);
  $('[data-testid="timer"]').textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
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
}

main().catch((e) => {
  setStatus("idle");
  setResult(`error: the page could not start: ${e}`);
  console.error(e);
});
