// The page's worker: runs the long jobs (solve, count, max, cover, new puzzles) on the
// library's WebAssembly module, off the page's thread. The page hands over the
// compiled module (so that a restart after Stop compiles nothing), then jobs one at a
// time; it stops a job by terminating this worker and starting a new one.
import init, { call } from "./queens_web.js";

let lastProgress = 0;
// Called by the library now and then during a job; at most ten reports a second reach
// the page.
globalThis.queensProgress = (done, total) => {
  const now = performance.now();
  if (now - lastProgress >= 100) {
    lastProgress = now;
    postMessage({ type: "progress", done, total });
  }
};
globalThis.queensPanic = (message) => postMessage({ type: "panic", message });

let ready = null;

onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    ready = init({ module_or_path: msg.module });
    await ready;
    postMessage({ type: "ready" });
    return;
  }
  if (msg.type === "job") {
    await ready;
    lastProgress = performance.now();
    const t0 = performance.now();
    let answer;
    try {
      answer = JSON.parse(call(msg.name, JSON.stringify(msg.request)));
    } catch (e) {
      answer = { error: `the job failed inside the library: ${e}`, trapped: true };
    }
    postMessage({ type: "result", id: msg.id, answer, ms: performance.now() - t0 });
  }
};
