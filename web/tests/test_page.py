"""The page in a real browser (Debian's Chromium through Playwright): pieces placed by
clicking, attacked squares read from the board, jobs run and their answers checked
against published counts and against checks written here, a long job stopped, a
generated puzzle played to the end with hints, shared links, exports and the keyboard.
"""

import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]

FILES = "abcdefghijklmnopqrstuvwxyz"

# The free board (the lab): the page opens on today's puzzle without a link (issue 41).
LAB = "#b=8x8"


def sq(file, rank):
    return f"{FILES[file]}{rank + 1}"


def parse(name):
    return FILES.index(name[0]), int(name[1:]) - 1


def queen_attacks(name, n=8):
    """The squares a queen on `name` attacks on an empty n x n board (written here,
    independently of the library)."""
    f0, r0 = parse(name)
    out = set()
    for df, dr in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]:
        f, r = f0 + df, r0 + dr
        while 0 <= f < n and 0 <= r < n:
            out.add(sq(f, r))
            f, r = f + df, r + dr
    return out


def non_attacking_queens(squares):
    pts = [parse(s) for s in squares]
    for i, (f1, r1) in enumerate(pts):
        for f2, r2 in pts[i + 1 :]:
            if f1 == f2 or r1 == r2 or abs(f1 - f2) == abs(r1 - r2):
                return False
    return True


def test_clicks_place_and_remove_pieces_and_shade_the_attacked_squares(site):
    site.open(LAB)
    assert site.status() == "idle"
    site.square("a1").click()
    assert site.pieces() == {"a1": "Q"}
    assert site.squares_with("attacked", "true") == queen_attacks("a1")
    site.fill("piece", "N")
    site.square("c2").click()
    assert site.pieces() == {"a1": "Q", "c2": "N"}
    conflicts = site.page.eval_on_selector_all(
        '[data-testid="conflicts"] li', "els => els.map(e => e.textContent)"
    )
    # The sentence `queens verify` prints for this pair.
    assert conflicts == ["Nc2 attacks Qa1 by a (2,1) leap"]
    site.action("check")
    assert site.result() == "invalid: 1 problem\n  Nc2 attacks Qa1 by a (2,1) leap"
    site.square("c2").click()
    assert site.pieces() == {"a1": "Q"}
    assert site.page.text_content('[data-testid="conflicts"]') == ""
    site.action("check")
    assert site.result() == "valid: 1 piece on 8x8, no attacks"
    assert "queen" in site.square("a1").get_attribute("aria-label")


def test_holes_and_blockers_are_painted_and_blockers_stop_lines(site):
    site.open(LAB)
    site.square("a1").click()
    site.fill("paint", "blocker")
    site.square("c3").click()
    site.fill("paint", "hole")
    site.square("a4").click()
    assert site.squares_with("blocker") == {"c3"}
    assert site.squares_with("hole") == {"a4"}
    attacked = site.squares_with("attacked", "true")
    # The blocker stops the diagonal at c3; a hole lets the file run on over it.
    assert "b2" in attacked and "d4" not in attacked and "h8" not in attacked
    assert {"a4", "a5", "a8"} <= attacked


def test_the_torus_switch_wraps_attacks(site):
    site.open("#b=5x5&p=Qa1")
    assert "e2" not in site.squares_with("attacked", "true")
    site.page.check('[data-input="torus"]')
    site.page.dispatch_event('[data-input="torus"]', "change")
    assert "e2" in site.squares_with("attacked", "true")


def test_a_fairy_piece_by_betza_text(site):
    site.open(LAB)
    site.fill("betza", "nightrider")
    site.fill("piece", "F")
    site.square("a1").click()
    site.square("c5").click()
    conflicts = site.page.text_content('[data-testid="conflicts"]')
    assert conflicts == "Fa1 and Fc5 attack each other along a (1,2) line"
    site.fill("betza", "grasshopper")
    assert "grasshopper" in site.page.text_content('[data-testid="conflicts"]')


def test_solve_completes_the_placement_and_the_answer_checks(site):
    site.open(LAB)
    site.square("d1").click()
    site.run("solve")
    pieces = site.pieces()
    assert len(pieces) == 8 and set(pieces.values()) == {"Q"} and pieces["d1"] == "Q"
    assert non_attacking_queens(pieces)
    assert site.result() == " ".join(
        f"Q{s}" for s in sorted(pieces, key=lambda s: (FILES.index(s[0]), int(s[1:])))
    )
    site.action("check")
    assert site.result() == "valid: 8 pieces on 8x8, no attacks"
    # Next and previous walk distinct solutions that keep d1.
    seen = {frozenset(pieces)}
    for _ in range(3):
        site.run("next")
        p = site.pieces()
        assert p["d1"] == "Q" and non_attacking_queens(p) and len(p) == 8
        seen.add(frozenset(p))
    assert len(seen) >= 3
    site.run("prev")
    assert frozenset(site.pieces()) in seen


def test_a_placement_that_cannot_be_completed_is_said_so(site):
    site.open("#b=8x8&p=Qa1,Qb3")
    site.run("solve")
    assert site.result().startswith("cannot be completed")
    assert set(site.pieces()) == {"a1", "b3"}


def test_count_8_queens_and_up_to_symmetry(site):
    site.open(LAB)
    assert site.run("count") == "92"
    assert site.run("count-unique") == "12"
    site.fill("rows", 6)
    site.fill("cols", 6)
    assert site.run("count") == "4"


def test_max_and_cover(site):
    site.open(LAB)
    site.fill("piece", "K")
    assert site.run("max") == "16 281571"
    site.fill("piece", "Q")
    assert site.run("cover") == "5 4860"
    assert len(site.pieces()) == 5


def test_stop_ends_a_long_count_within_a_second_and_the_page_works_on(site):
    site.open(LAB)
    # 20 queens: 39,029,188,884 solutions, far beyond a second here.
    site.fill("rows", 20)
    site.fill("cols", 20)
    site.action("count")
    site.wait_status("running")
    time.sleep(0.7)
    assert site.status() == "running"
    # The page's thread stays free while the worker counts.
    t = time.monotonic()
    site.page.evaluate("document.querySelectorAll('[data-square]').length")
    assert time.monotonic() - t < 0.2
    assert site.page.text_content('[data-testid="progress"]').startswith("counting")
    t0 = time.monotonic()
    site.action("stop")
    site.wait_status("stopped", timeout=1000)
    assert time.monotonic() - t0 < 1.0
    assert site.result() == "stopped"
    # The page stayed responsive while counting, and the restarted worker counts.
    site.fill("rows", 8)
    site.fill("cols", 8)
    assert site.run("count") == "92"


def test_a_generated_puzzle_played_to_the_end_with_hints(site):
    site.open(LAB)
    site.action("mode-puzzle")
    site.fill("size", 8)
    site.fill("stars", 1)
    site.fill("difficulty", "medium")
    site.fill("seed", 11)
    site.run("new-puzzle")
    assert site.result() == "new medium puzzle"
    assert len(site.page.query_selector_all("[data-square]")) == 64
    regions = set(
        site.page.eval_on_selector_all("[data-square]", "els => els.map(e => e.dataset.region)")
    )
    assert len(regions) == 8
    for _ in range(200):
        site.action("hint")
        if site.result() == "solved":
            break
        assert site.result() not in ("stuck", "contradiction"), site.page.text_content(
            '[data-testid="hint"]'
        )
        for name in site.squares_with("hint", "cross"):
            site.square(name).click()  # empty -> cross
        for name in site.squares_with("hint", "place"):
            cell = site.square(name)
            if cell.get_attribute("data-mark") != "cross":
                cell.click()  # empty -> cross
            cell.click()  # cross -> queen
        if site.result() == "solved":
            break
    assert site.result() == "solved"
    queens = site.squares_with("piece", "Q")
    assert len(queens) == 8
    site.action("check")
    assert site.result() == "solved"
    timer = site.page.text_content('[data-testid="timer"]')
    time.sleep(1.2)
    assert site.page.text_content('[data-testid="timer"]') == timer, "the timer stops when solved"


def test_explain_step_by_step_and_a_wrong_queen(site):
    text = "eeffff/eeeeff/eeeefd/ceeeff/ccbeaa/cceeaa"
    site.open(f"#mode=puzzle&pz={quote(text)}&stars=1")
    assert len(site.page.query_selector_all("[data-square]")) == 36
    for _ in range(6):
        site.action("explain-step")
    steps = site.page.eval_on_selector_all(
        '[data-testid="explain-log"] li', "els => els.map(e => e.textContent)"
    )
    assert len(steps) == 6
    assert site.result() != "contradiction"
    site.action("check")
    assert site.result() == "solved"
    site.action("clear")
    site.square("a1").click()
    site.square("a1").click()
    site.action("check")
    assert site.result().startswith("contradiction")


def test_a_puzzle_file_opens(site):
    site.open(LAB)
    site.action("mode-puzzle")
    path = ROOT / "testdata" / "puzzles" / "k1-n09-hard.txt"
    site.page.set_input_files('[data-input="puzzle-file"]', str(path))
    site.wait_status("done")
    assert site.result() == "unique"
    assert len(site.page.query_selector_all("[data-square]")) == 81
    assert site.page.input_value('[data-input="puzzle-text"]').split() == path.read_text().split()
    site.action("solve")
    site.wait_status("done")
    assert len(site.squares_with("piece", "Q")) == 9
    site.action("check")
    assert site.result() == "solved"


def test_a_shared_link_opens_the_same_board_and_puzzle(site, browser):
    site.open("#b=6x7&p=Qa1,Nc3&holes=f6&blockers=b5&torus=1")
    assert site.pieces() == {"a1": "Q", "c3": "N"}
    assert site.squares_with("hole") == {"f6"}
    assert site.squares_with("blocker") == {"b5"}
    assert site.page.is_checked('[data-input="torus"]')
    assert site.page.input_value('[data-input="cols"]') == "7"
    site.square("g6").click()
    link = site.page.url
    other = browser.new_page()
    try:
        other.goto(link)
        other.wait_for_selector("body[data-ready=true]")
        got = dict(
            other.eval_on_selector_all(
                "[data-piece]", "els => els.map(e => [e.dataset.square, e.dataset.piece])"
            )
        )
        assert got == {"a1": "Q", "c3": "N", "g6": "Q"}
    finally:
        other.close()
    site.open("#mode=puzzle&pz=aabb%2Faabb%2Fccdd%2Fccdd&stars=1&q=a2&x=b1")
    assert site.squares_with("piece", "Q") == {"a2"}
    assert site.squares_with("mark", "cross") == {"b1"}
    site.square("d1").click()
    other = browser.new_page()
    try:
        other.goto(site.page.url)
        other.wait_for_selector("body[data-ready=true]")
        marks = dict(
            other.eval_on_selector_all(
                "[data-square]", "els => els.map(e => [e.dataset.square, [e.dataset.region, e.dataset.mark || e.dataset.piece || '']])"
            )
        )
        assert marks["a2"] == ["c", "Q"] and marks["b1"] == ["c", "cross"]
        assert marks["d1"] == ["d", "cross"] and marks["d4"] == ["b", ""]
    finally:
        other.close()


def test_a_link_with_a_piece_the_library_cannot_read_is_refused_not_dropped(site):
    # The page read the link's pieces with a pattern of its own and dropped what did
    # not match: `p=Qa1,Qz99` opened with a queen on a1 and not a word about z99.
    site.open("#b=8x8&p=Qa1,Qz99")
    assert site.result().startswith("error: the link's pieces:"), site.result()
    assert "z99" in site.result()
    assert site.pieces() == {}
    site.open("#b=8x8&p=Qa1,Nc3")
    assert site.pieces() == {"a1": "Q", "c3": "N"}


def test_exports_coords_svg_and_png(site):
    site.open("#b=4x4&p=Qa2,Qb4")
    site.action("export-coords")
    assert site.page.input_value('[data-testid="export"]') == "Qa2 Qb4"
    site.action("export-svg")
    svg = site.page.input_value('[data-testid="export"]')
    assert svg.startswith("<svg") and "a2" in svg
    site.action("export-png")
    site.page.wait_for_function(
        "document.querySelector('[data-testid=export]').value.startsWith('board.png')"
    )
    site.action("copy-link")
    assert site.page.input_value('[data-testid="export"]').endswith("#b=4x4&p=Qa2%2CQb4")


def test_the_keyboard_moves_and_places(site):
    site.open(LAB)
    site.square("a1").focus()
    site.page.keyboard.press("ArrowRight")
    site.page.keyboard.press("ArrowUp")
    site.page.keyboard.press("Enter")
    assert site.pieces() == {"b2": "Q"}
    focused = site.page.evaluate("document.activeElement.dataset.square")
    assert focused == "b2"
    assert site.square("b2").get_attribute("aria-label").startswith("b2, queen")
    site.page.keyboard.press(" ")
    assert site.pieces() == {}


def test_every_hook_the_issue_lists_is_on_the_page(site):
    site.open(LAB)
    for name in [
        "solve", "next", "prev", "count", "count-unique", "max", "cover", "stop", "clear",
        "check", "hint", "explain-step", "new-puzzle",
    ]:
        assert site.page.locator(f'[data-action="{name}"]').count() == 1, name
    for name in ["rows", "cols", "piece", "betza", "puzzle-text", "size", "stars", "difficulty", "style"]:
        assert site.page.locator(f'[data-input="{name}"]').count() == 1, name
    assert site.page.locator('[data-testid="result"]').count() == 1
    assert len(site.page.query_selector_all("[data-square]")) == 64
    # Issue 41's own: the play, mode and print controls and the player's options.
    for name in [
        "undo", "redo", "daily", "print", "booklet", "share", "mode-puzzle", "mode-rules",
        "mode-board", "back", "load-puzzle", "copy-link", "export-coords", "export-svg", "export-png",
    ]:
        assert site.page.locator(f'[data-action="{name}"]').count() == 1, name
    for name in ["auto-crosses", "patterns", "letters", "seed", "booklet-count", "puzzle-file", "torus", "paint", "spec"]:
        assert site.page.locator(f'[data-input="{name}"]').count() == 1, name
    # Today's puzzle comes back after another one, and puzzle-text holds it.
    site.open("#mode=puzzle&pz=aabb%2Faabb%2Fccdd%2Fccdd&stars=1")
    site.action("daily")
    site.page.wait_for_function("document.querySelectorAll('[data-square]').length === 81")
    assert site.page.text_content('[data-testid="title"]').startswith("Daily puzzle, ")
    assert len(site.page.input_value('[data-input="puzzle-text"]').split()) == 9


def test_auto_crosses_follow_a_queen(site):
    site.open("#mode=puzzle&pz=aabb%2Faabb%2Fccdd%2Fccdd&stars=1")
    site.page.check('[data-input="auto-crosses"]')
    site.square("b3").click()  # empty -> cross
    site.square("b3").click()  # cross -> queen
    crosses = site.squares_with("mark", "cross")
    # Its neighbours, its rank and file, and the rest of its region 'a' (a3 a4 b4).
    assert {"a2", "a3", "a4", "b4", "c4", "c3", "c2", "b2", "b1", "d3"} <= crosses
    assert "d1" not in crosses and "b3" not in crosses


def test_a_bad_input_gets_one_sentence_and_the_page_goes_on(site):
    site.open(LAB)
    site.fill("spec", "9Z")
    answer = site.run("count")
    assert answer.startswith("error: ") and "\n" not in answer
    site.fill("spec", "")
    assert site.run("count") == "92"


def test_new_puzzle_offers_the_official_style(site):
    # Issue 40: "New puzzle" with the regions' style, through the library's request:
    # the same regions as `queens puzzle gen 8 --style official --seed 3`.
    import subprocess

    cli = ROOT / "target" / "release" / "queens"
    text = subprocess.run(
        [str(cli), "puzzle", "gen", "8", "--style", "official", "--seed", "3"],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    want = {}
    for r, row in enumerate(text):
        for c, region in enumerate(row):
            want.setdefault(region, set()).add(f"{FILES[c]}{8 - r}")
    site.open(LAB)
    site.action("mode-puzzle")
    site.fill("size", 8)
    site.fill("stars", 1)
    site.fill("difficulty", "any")
    site.fill("style", "official")
    site.fill("seed", 3)
    site.run("new-puzzle")
    assert site.result().startswith("new ")
    squares = site.page.eval_on_selector_all(
        "[data-square]", "els => els.map(e => [e.dataset.square, e.dataset.region])"
    )
    got = {}
    for name, region in squares:
        got.setdefault(region, set()).add(name)
    assert sorted(map(sorted, got.values())) == sorted(map(sorted, want.values()))


def test_squares_are_named_by_the_bindings(site):
    # Issue 38: the page names no square itself; the board's squares carry the names
    # the bindings' `squares` job gives (the library's), files past z included.
    site.open("#b=3x28")
    answer = site.page.evaluate('queens.call("squares", {rows: 3, cols: 28})')
    squares = site.page.eval_on_selector_all("[data-square]", "els => els.map(e => e.dataset.square)")
    assert sorted(squares) == sorted(answer["names"])
    assert "ab3" in squares
    labels = site.page.eval_on_selector_all(".label.file", "els => els.map(e => e.textContent)")
    assert labels == answer["files"]
