"""The web page's budgets (issue 28), measured in headless Chromium (Debian's, through
Playwright) against a local static server, in one run:

- the .wasm's size, raw and gzipped (budget 1.5 MB and 500 KB);
- time to interactive: navigation start to the page ready for clicks (budget 1 s);
- count of 12 queens in the page (the worker's time) against the native CLI on one
  thread, `target/release/queens count 12 --threads 1`, measured here too (budget 3x);
- a daily-size (9x9) puzzle solved and hinted in the page (budget 20 ms).

Run through bench/web.sh, which builds both sides first.
"""

import gzip
import json
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.request import urlopen

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "web" / "dist"
CLI = ROOT / "target" / "release" / "queens"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
RUNS = 5


def port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def verdict(ok):
    return "within budget" if ok else "OVER BUDGET"


def main():
    wasm = (DIST / "queens_web_bg.wasm").read_bytes()
    raw, gz = len(wasm), len(gzip.compress(wasm, 9))
    print(f"wasm size: {raw} bytes raw ({raw / 1e6:.2f} MB), {gz} bytes gzipped ({gz / 1e3:.0f} KB); "
          f"budget 1.5 MB / 500 KB: {verdict(raw <= 1_500_000 and gz <= 500_000)}")

    native = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        out = subprocess.run([str(CLI), "count", "12", "--threads", "1"], capture_output=True,
                             text=True, check=True).stdout.strip()
        native.append(time.perf_counter() - t0)
        assert out == "14200", out
    native_s = statistics.median(native)

    p = port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(p), "--bind", "127.0.0.1",
                               "-d", str(DIST)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{p}/"
    for _ in range(100):
        try:
            urlopen(url, timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            tti = []
            for _ in range(RUNS):
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(url)
                page.wait_for_selector("body[data-ready=true]", timeout=15000)
                # performance.now() counts from the navigation's start.
                tti.append(page.evaluate("performance.now()") / 1000)
                ctx.close()
            tti_s = statistics.median(tti)
            print(f"time to interactive: median {tti_s * 1000:.0f} ms of {RUNS} fresh loads "
                  f"(min {min(tti) * 1000:.0f}, max {max(tti) * 1000:.0f}); budget 1 s: {verdict(tti_s <= 1)}")

            page = browser.new_page()
            page.goto(url + "#b=12x12")
            page.wait_for_selector("body[data-ready=true]")
            web = []
            for _ in range(RUNS):
                page.evaluate("delete document.body.dataset.jobMs")
                page.click('[data-action="count"]')
                page.wait_for_function("document.body.dataset.jobMs !== undefined", timeout=120000)
                assert page.text_content('[data-testid="result"]') == "14200"
                web.append(float(page.evaluate("document.body.dataset.jobMs")) / 1000)
            web_s = statistics.median(web)
            ratio = web_s / native_s
            print(f"count 12 queens: page (worker) median {web_s:.3f} s, native CLI --threads 1 median "
                  f"{native_s:.3f} s (process included), ratio {ratio:.2f}x; budget 3x: {verdict(ratio <= 3)}")

            timings = {}
            for name in ["k1-n09-expert.txt", "k1-n09-hard.txt", "k1-n09-medium.txt"]:
                text = (ROOT / "testdata" / "puzzles" / name).read_text()
                ms = page.evaluate(
                    """([text, runs]) => {
                        const req = { text, stars: 1, placed: "", crossed: "" };
                        const out = {};
                        for (const job of ["puzzle-solve", "puzzle-hint", "puzzle-check"]) {
                            const t = [];
                            for (let i = 0; i < runs; i++) {
                                const t0 = performance.now();
                                const a = queens.call(job, req);
                                t.push(performance.now() - t0);
                                if (a.error) throw new Error(a.error);
                            }
                            t.sort((a, b) => a - b);
                            out[job] = t[Math.floor(t.length / 2)];
                        }
                        return out;
                    }""",
                    [text, 21],
                )
                timings[name] = ms
            worst = max(v for t in timings.values() for v in t.values())
            for name, t in timings.items():
                print(f"puzzle {name} (9x9): solve {t['puzzle-solve']:.2f} ms, hint {t['puzzle-hint']:.2f} ms, "
                      f"uniqueness check {t['puzzle-check']:.2f} ms (medians of 21, page thread)")
            print(f"daily-size puzzle: slowest median {worst:.2f} ms; budget 20 ms: {verdict(worst <= 20)}")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=5)
    print(json.dumps({"wasm_bytes": raw, "wasm_gzip_bytes": gz, "tti_ms": round(tti_s * 1000),
                      "count12_page_s": round(web_s, 3), "count12_native_s": round(native_s, 3),
                      "ratio": round(ratio, 2), "puzzle_ms": timings}))


if __name__ == "__main__":
    main()
