"""The keywords and verbs of issue 27 against the command line's answers on the same
problems: holes=, blockers=, torus=, regions=, per_region= on every verb and Problem;
solutions(unique=True); max_pieces(budget=); cover; engine_report; completion_instance;
decode. Then bad inputs for each, with their sentences (InputError, never a panic)."""

from __future__ import annotations

import json
import re

import pytest

import queens

REGIONS_6 = ["aabbbb", "aabbcc", "ddbbcc", "ddeecc", "ffeeee", "ffffee"]

# (python keywords, command-line flags), each a problem with a terrain.
TERRAINS = [
    (dict(board=8, holes="d4,e5"), ["8", "--holes", "d4,e5"]),
    (dict(board=8, holes=["d4", "e5"]), ["8", "--holes", "d4,e5"]),
    (dict(board=6, blockers=["c3"]), ["6", "--blockers", "c3"]),
    (dict(board=6, pieces="7Q", blockers="c3,d4"), ["6", "--pieces", "7Q", "--blockers", "c3,d4"]),
    (dict(board=7, torus=True), ["7", "--torus"]),
    (dict(board=(5, 6), pieces="5Q", holes="a1", torus=True), ["5x6", "--pieces", "5Q", "--holes", "a1", "--torus"]),
    (dict(board=6, pieces="2N,2B,Q", holes="a1,f6", blockers="c3"), ["6", "--pieces", "2N,2B,Q", "--holes", "a1,f6", "--blockers", "c3"]),
    (dict(regions=REGIONS_6), ["--regions", "REGIONS"]),
    (dict(regions="\n".join(REGIONS_6) + "\n", pieces="6L", define={"L": "RF"}), ["--regions", "REGIONS", "--pieces", "6L", "--piece", "L=RF"]),
    (dict(regions=["aab", "abb", "bbb"], board=3, pieces="4N", per_region=2), ["3", "--regions", "R3", "--pieces", "4N", "--per-region", "2"]),
    (dict(regions=["aa#b", "aabb", "ccdd", "ccdd"], pieces="4K"), ["--regions", "R4", "--pieces", "4K"]),
]


@pytest.fixture
def files(tmp_path):
    (tmp_path / "REGIONS").write_text("\n".join(REGIONS_6) + "\n")
    (tmp_path / "R3").write_text("aab\nabb\nbbb\n")
    (tmp_path / "R4").write_text("aa#b\naabb\nccdd\nccdd\n")
    return tmp_path


def flags(cli_args, files):
    return [str(files / a) if a in ("REGIONS", "R3", "R4") else a for a in cli_args]


def split(kw):
    kw = dict(kw)
    board = kw.pop("board", None)
    pieces = kw.pop("pieces", None)
    return board, pieces, kw


@pytest.mark.parametrize("kw,args", TERRAINS, ids=range(len(TERRAINS)))
def test_count_solve_all_verify_export_match_the_command_line(kw, args, cli, files):
    args = flags(args, files)
    board, pieces, rest = split(kw)
    code, out, err = cli("count", *args)
    assert code in (0, 1), err
    n = queens.count(board, pieces, **rest)
    assert n == int(out)
    p = queens.Problem(board, pieces, **rest)
    assert p.count() == n

    code, out, _ = cli("count", *args, "--unique")
    assert queens.count(board, pieces, unique=True, **rest) == int(out)

    # every solution, as the command line lists them
    code, out, _ = cli("all", *args, "--format", "coords")
    listed = {line for line in out.splitlines() if line}
    mine = {s.coords() for s in queens.solutions(board, pieces, **rest)}
    assert mine == listed and len(mine) == n

    # one per symmetry class, as `all --unique`
    code, out, _ = cli("all", *args, "--unique", "--format", "coords")
    want = [line for line in out.splitlines() if line]
    got = [s.coords() for s in queens.solutions(board, pieces, unique=True, **rest)]
    assert sorted(got) == sorted(want)

    sol = queens.solve(board, pieces, **rest)
    assert (sol is None) == (n == 0)
    if sol is not None:
        assert sol.coords() in listed
        v = p.verify(sol)
        assert v.valid, v.problems
        code, out, _ = cli("verify", *args, sol.coords().replace(" ", ","))
        assert code == 0 and str(v) == out.strip()

    for to in ("dimacs", "minizinc", "xcsp3"):
        code, out, _ = cli("export", *args, "--to", to)
        assert queens.export(board, pieces, to=to, **rest) == out


def test_verify_with_terrain_names_what_the_command_line_names(cli, files):
    cases = [
        (dict(holes="a1"), ["--holes", "a1"], "Qa1,Qb3"),
        (dict(blockers="b2"), ["--blockers", "b2"], "Qb2"),
        (dict(regions=REGIONS_6), ["--regions", str(files / "REGIONS")], "Qa1,Qc2"),
        (dict(torus=True), ["--torus"], "Qa1,Qf2"),
    ]
    for kw, args, placement in cases:
        board = None if "regions" in kw else 6
        v = queens.verify(board, placement, **kw)
        cli_board = [] if "regions" in kw else ["6"]
        code, out, _ = cli("verify", *cli_board, placement, *args)
        assert str(v) == out.strip(), (kw, placement)
        assert bool(v) == (code == 0)


@pytest.mark.parametrize(
    "kw,args",
    [
        (dict(board=8, kind="K"), ["8", "--kind", "K"]),
        (dict(board=4, kind="Q", blockers="b2,c3"), ["4", "--kind", "Q", "--blockers", "b2,c3"]),
        (dict(board=6, kind="N", holes="a1,b1,c1"), ["6", "--kind", "N", "--holes", "a1,b1,c1"]),
        (dict(board=5, kind="Q", torus=True), ["5", "--kind", "Q", "--torus"]),
        (dict(board=6, kind="B", pieces="Q", holes=["c3"]), ["6", "--kind", "B", "--pieces", "Q", "--holes", "c3"]),
    ],
)
def test_max_pieces_matches_the_command_line(kw, args, cli):
    kw = dict(kw)
    board, kind = kw.pop("board"), kw.pop("kind")
    code, out, _ = cli("max", *args)
    most, ways = out.split()
    assert queens.max_pieces(board, kind, **kw) == (int(most), int(ways))


def test_max_pieces_budget_runs_out():
    with pytest.raises(queens.BudgetError):
        queens.max_pieces(12, "N", pieces="Q", budget=0.05)
    assert queens.max_pieces(8, "K", budget=60) == (16, 281571)


@pytest.mark.parametrize(
    "kw,args",
    [
        (dict(board=8, kind="Q"), ["8", "--kind", "Q"]),
        (dict(board=8, kind="Q", independent=True), ["8", "--kind", "Q", "--independent"]),
        (dict(board=6, kind="K", total=True), ["6", "--kind", "K", "--total"]),
        (dict(board=5, kind="N", independent=True, total=False), ["5", "--kind", "N", "--independent"]),
        (dict(board=6, kind="N", pieces="Q"), ["6", "--kind", "N", "--pieces", "Q"]),
        (dict(board=6, kind="B", fixed="Qa1"), ["6", "--kind", "B", "--fixed", "Qa1", "--pieces", "Q"]),
        (dict(board=(4, 7), kind="R"), ["4x7", "--kind", "R"]),
        (dict(board=6, kind="C", define={"C": "RN"}), ["6", "--kind", "C", "--piece", "C=RN"]),
        (dict(board=8, kind="Q", holes="d4,e5"), ["8", "--kind", "Q", "--holes", "d4,e5"]),
        (dict(board=6, kind="R", blockers=["c3", "d4"]), ["6", "--kind", "R", "--blockers", "c3,d4"]),
        (dict(board=5, kind="Q", torus=True), ["5", "--kind", "Q", "--torus"]),
        (dict(board=6, kind="N", holes="a1", blockers="f6", independent=True), ["6", "--kind", "N", "--holes", "a1", "--blockers", "f6", "--independent"]),
    ],
)
def test_cover_matches_the_command_line(kw, args, cli):
    kw = dict(kw)
    board, kind = kw.pop("board"), kw.pop("kind")
    if "fixed" in kw:
        kw["pieces"] = "Q"
    code, out, err = cli("cover", *args, "--json")
    assert code == 0, err
    want = json.loads(out)
    c = queens.cover(board, kind, **kw)
    assert (c.size, c.count) == (want["min"], int(want["placements"]))
    assert str(c) == f"{want['min']} {want['placements']}"
    assert isinstance(c.example, queens.Placement)
    # The example is a covering: every square occupied or attacked.
    code, out, _ = cli("cover", *args)
    assert out.split() == [str(c.size), str(c.count)]


def test_cover_of_eight_queens_is_five_in_4860_ways():
    c = queens.cover(8, "Q")
    assert (c.size, c.count, len(c.example)) == (5, 4860, 5)
    assert repr(c) == "Cover(size=5, count=4860)"


def test_cover_none_and_budget(cli):
    # Independent kings beside queens that attack each other: none.
    code, _, err = cli("cover", "4", "--kind", "K", "--pieces", "2Q", "--fixed", "Qa1,Qb2")
    assert code == 1
    with pytest.raises(queens.InputError) as e:
        queens.cover(4, "K", pieces="2Q", fixed="Qa1,Qb2")
    assert str(e.value) == "no covering: the given pieces (pieces=, fixed=) cannot stand without attacking each other"
    assert "the given pieces (--pieces, --fixed) cannot stand without attacking each other" in err
    code, _, err = cli("cover", "4", "--kind", "K", "--independent", "--fixed", "Ka1,Kb2")
    assert code == 1
    with pytest.raises(queens.InputError) as e:
        queens.cover(4, "K", independent=True, fixed="Ka1,Kb2")
    assert str(e.value) == "no covering: the fixed pieces attack each other, which independent=True forbids"
    assert "the fixed pieces attack each other" in err
    with pytest.raises(queens.BudgetError):
        queens.cover(12, "N", budget=0.001)


@pytest.mark.parametrize(
    "kw,args",
    [
        (dict(board=8), ["8"]),
        (dict(board=6, pieces="2N,2B,R,Q", fixed="Qa1"), ["6", "--pieces", "2N,2B,R,Q", "--fixed", "Qa1"]),
        (dict(board=8, holes="a1"), ["8", "--holes", "a1"]),
        (dict(board=7, torus=True), ["7", "--torus"]),
        (dict(regions=REGIONS_6), ["--regions", "REGIONS"]),
    ],
)
def test_engine_report_is_what_queens_engines_prints(kw, args, cli, files):
    code, out, _ = cli("engines", *flags(args, files))
    paragraphs = out.split("\n\n")[1:]
    board, pieces, rest = split(kw)
    report = queens.engine_report(board, pieces, **rest)
    assert [str(e) for e in report] == [p if p.endswith("\n") else p + "\n" for p in paragraphs]
    assert report[0].name in queens.engines()
    for e in report:
        assert e.jobs and all(isinstance(j, queens.JobVerdict) for j in e.jobs)
        for j in e.jobs:
            assert j.accepted == (j.why is None)
            assert not j.auto or j.accepted


@pytest.mark.parametrize("n,seed", [(8, 0), (20, 1), (50, 7), (200, 3)])
def test_completion_instance_matches_gen_completion(n, seed, cli):
    code, out, _ = cli("gen-completion", str(n), "--seed", str(seed))
    inst = queens.completion_instance(n, seed=seed)
    assert inst.perm() == [int(x) for x in out.split()]
    assert inst.board == (n, n)
    # It is used as it is: as fixed= for a solve.
    s = queens.solve(n, fixed=inst)
    if s is not None:
        assert all(r == 0 or s.perm()[f] == r for f, r in enumerate(inst.perm()))


def model_for(cnf: str, placement: queens.Placement) -> str:
    """A solver's answer: the variables of `placement`'s pieces true, every other
    piece variable false."""
    var = {}
    for m in re.finditer(r"^c var (\d+) (\w)@(\w+)$", cnf, re.M):
        var[(m.group(2), m.group(3))] = int(m.group(1))
    true = {var[(k, sq)] for k, sq in placement}
    lits = [v if v in true else -v for v in sorted(var.values())]
    return "s SATISFIABLE\nv " + " ".join(map(str, lits)) + " 0\n"


@pytest.mark.parametrize(
    "board,pieces,fixed,define",
    [(4, None, None, None), (6, "2N,2B,Q", "Qa1", None), (5, "3C", None, {"C": "RN"})],
)
def test_decode_matches_the_command_line(board, pieces, fixed, define, cli, tmp_path):
    cnf = queens.export(board, pieces, fixed=fixed, define=define, to="dimacs")
    sol = queens.solve(board, pieces, fixed=fixed, define=define)
    model = model_for(cnf, sol)
    (tmp_path / "m").write_text(model)
    (tmp_path / "c").write_text(cnf)
    code, out, _ = cli("decode", "--cnf", tmp_path / "c", "--model", tmp_path / "m")
    assert code == 0
    got = queens.decode(model, cnf=cnf)
    assert got == sol and got.coords() == out.strip().replace(",", " ") or got.coords() in out
    assert queens.decode(model, board, pieces=pieces, fixed=fixed, define=define) == sol


def test_decode_unsat_and_a_wrong_answer(cli, tmp_path):
    assert queens.decode("s UNSATISFIABLE\n", 3) is None
    cnf = queens.export(4, to="dimacs")
    bad = model_for(cnf, queens.Placement("Qa1,Qb2,Qc4,Qd3", "4"))
    (tmp_path / "m").write_text(bad)
    code, _, err = cli("decode", "4", "--model", tmp_path / "m")
    assert code == 1
    with pytest.raises(queens.InputError) as e:
        queens.decode(bad, 4)
    assert str(e.value) in err


def test_problem_keeps_its_terrain_and_draws_it():
    p = queens.Problem(6, holes=["a1"], blockers="c3", torus=True)
    assert (p.holes, p.blockers, p.torus, p.regions, p.per_region) == (["a1"], ["c3"], True, None, None)
    assert repr(p) == "Problem('6x6', '6Q', holes='a1', blockers='c3', torus=True)"
    svg = p._repr_svg_()
    assert "hole a1" in svg and "blocker c3" in svg
    r = queens.Problem(regions=["aa#b", "aabb", "ccdd", "ccdd"], pieces="4K")
    assert r.board == (4, 4) and r.regions == ["aa#b", "aabb", "ccdd", "ccdd"] and r.holes == ["c4"]
    # The regions in the library's colours (Tol's light scheme), neighbours apart.
    tol = {"#77aadd", "#eedd88", "#44bb99", "#ffaabb", "#99ddff", "#bbcc33", "#ee8866", "#dddddd", "#aaaa00"}
    assert len(tol & set(re.findall(r'fill="(#[0-9a-f]{6})"', r._repr_svg_()))) == 4
    # A Puzzle is regions, its stars the default per_region.
    pz = queens.Puzzle(REGIONS_6)
    assert queens.Problem(regions=pz, pieces="6L", define={"L": "RF"}).count() == pz.count()


def test_a_placement_passed_back_is_used_as_it_is():
    s = queens.solve(8)
    assert queens.solve(8, fixed=s) == s
    assert queens.count(8, fixed=s) == 1
    big = queens.solve(3000)
    assert queens.solve(3000, fixed=big) is not None


BAD = [
    (lambda: queens.count(8, holes="9z"), "bad holes square '9z': write squares like a1 or c3"),
    (lambda: queens.count(8, holes="i1"), "holes square i1 is off the 8x8 board"),
    (lambda: queens.count(8, holes=["a1", "a1"]), "holes lists square a1 twice"),
    (lambda: queens.count(8, holes=[1, 2]), "bad holes item 1: give a square name such as 'a1'"),
    (lambda: queens.count(8, holes=["a1 b2"]), "bad holes item 'a1 b2': give one square name"),
    (lambda: queens.count(8, holes=5), "bad holes 5: give squares such as ['a1', 'c3'] or 'a1,c3'"),
    (lambda: queens.count(8, blockers="j2"), "blockers square j2 is off the 8x8 board"),
    (lambda: queens.count(8, holes="a1", blockers="a1"), "square a1 is both a hole and a blocker"),
    (lambda: queens.count(8, torus="yes"), "bad torus 'yes': give True or False"),
    (lambda: queens.count(8, per_region=2), "per_region needs regions"),
    (lambda: queens.count(regions=REGIONS_6, per_region=0), "bad per_region 0: every region holds at least one piece"),
    (lambda: queens.count(regions=REGIONS_6, per_region=-1), "bad per_region -1: give a whole number such as 2"),
    (lambda: queens.count(regions=["aab", "ab"]), "bad region file: line 2 has 2 squares"),
    (lambda: queens.count(regions=42), "bad regions 42: give the rows as a list of strings"),
    (lambda: queens.count(regions=["ab", None]), "bad regions ['ab', None]"),
    (lambda: queens.count(7, regions=REGIONS_6), "the board 7x7 clashes with regions, which draws a 6x6 board"),
    (lambda: queens.count(regions=REGIONS_6, pieces="5Q"), "6 regions of 1 piece each need 6 pieces, but the spec has 5"),
    (lambda: queens.count(4, fixed="Qa1", holes="a1"), "fixed piece Qa1 stands on a hole"),
    (lambda: queens.max_pieces(6, "Q", regions=REGIONS_6), "max takes no regions"),
    (lambda: queens.max_pieces(8, "K", budget=-1), "bad budget -1"),
    (lambda: queens.max_pieces(8, "KK"), "bad piece kind 'KK': give one piece letter"),
    (lambda: queens.solutions(8, unique="x"), "bad unique 'x': give True or False"),
    (lambda: queens.cover(3, "Q", fixed="Qb2", holes="b2"), "fixed piece Qb2 stands on a hole"),
    (lambda: queens.cover(8, "Q", torus="yes"), "bad torus 'yes': give True or False"),
    (lambda: queens.cover(8, "Q", blockers=["0z"]), "bad blockers square '0z'"),
    (lambda: queens.cover(8, "QQ"), "bad piece kind 'QQ': give one piece letter such as Q or N"),
    (lambda: queens.cover(8, "Z"), "unknown piece"),
    (lambda: queens.cover(8, 5), "bad piece kind 5"),
    (lambda: queens.cover(8, "Q", pieces="Q"), "Q is the covering kind"),
    (lambda: queens.cover(8, "Q", budget="soon"), "bad budget 'soon'"),
    (lambda: queens.cover(8, "Q", independent="no"), "bad independent 'no': give True or False"),
    (lambda: queens.cover(100, "Q"), "too large to cover"),
    (lambda: queens.engine_report(8, holes="1q"), "bad holes square '1q'"),
    (lambda: queens.engine_report("0x3"), "bad board '0x3'"),
    (lambda: queens.completion_instance(5, seed=-1), "bad seed -1: give a whole number such as 7"),
    (lambda: queens.completion_instance("4x5"), "bad board '4x5': instances are made for square boards up to 2000"),
    (lambda: queens.completion_instance(2001), "bad board '2001': instances are made for square boards up to 2000"),
    (lambda: queens.decode("s SATISFIABLE\nv 1 0\n", 4, cnf="p cnf 1 1\n"), "give either cnf or the problem"),
    (lambda: queens.decode("hello", 4), None),
    (lambda: queens.decode(5, 4), "bad model 5: give the solver's output as text"),
    (lambda: queens.decode("s SATISFIABLE\nv 1 0\n", cnf="nonsense"), None),
]


@pytest.mark.parametrize("call,sentence", BAD, ids=range(len(BAD)))
def test_bad_inputs_get_one_sentence(call, sentence):
    with pytest.raises(queens.InputError) as e:
        call()
    msg = str(e.value)
    if sentence is not None:
        assert sentence in msg
    assert "\n" not in msg and msg and "panic" not in msg


def test_bad_decode_sentences_match_the_command_line(cli, tmp_path):
    (tmp_path / "m").write_text("hello\n")
    code, _, err = cli("decode", "4", "--model", tmp_path / "m")
    assert code == 2
    with pytest.raises(queens.InputError) as e:
        queens.decode("hello\n", 4)
    assert str(e.value) in err


@pytest.mark.parametrize(
    "args,kw",
    [
        (["8", "[1,5,8,6,3,7,2,4]"], dict(board=8, placement=[1, 5, 8, 6, 3, 7, 2, 4])),
        (["8", "Qa1,Qb3,Qc2"], dict(board=8, placement="Qa1,Qb3,Qc2")),
        (["8", "Qd1,Nf2,Nf2"], dict(board=8, placement=[("Q", "d1"), ("N", "f2"), ("N", "f2")])),
        (["8", "[1,5,8,6,3,7,2]", "--partial"], dict(board=8, placement=[1, 5, 8, 6, 3, 7, 2, 0], partial=True)),
        (["6", "Qa1,Qc2,Qe3", "--pieces", "2Q"], dict(board=6, placement="Qa1,Qc2,Qe3", pieces="2Q")),
        (["6", "Qa1,Qb3", "--torus"], dict(board=6, placement="Qa1,Qb3", torus=True)),
        (["6", "Qa1,Qc2", "--holes", "a1", "--blockers", "c2"], dict(board=6, placement="Qa1,Qc2", holes="a1", blockers="c2")),
    ],
)
def test_verdict_is_the_library_verdict_as_verify_prints_it(args, kw, cli):
    code, out, _ = cli("verify", *args)
    v = queens.verify(**kw)
    assert isinstance(v, queens.Verdict)
    assert str(v) == out.rstrip("\n")
    assert bool(v) == v.valid == (code == 0)
    assert v.problems == [line.strip() for line in out.splitlines()[1:]]
    assert v.attacking_pairs == len(v.conflicts)
    assert v.board == (int(args[0]), int(args[0]))


def test_a_long_rank_list_is_judged_line_by_line():
    n = 3000
    ranks = queens.solve(n).perm()
    v = queens.verify(n, ranks)
    assert v.valid and v.pieces == n and str(v) == f"valid: {n} pieces on {n}x{n}, no attacks"
    bad = list(ranks)
    bad[0], bad[1] = 1, 2  # a diagonal pair at least
    v = queens.verify(n, bad)
    assert not v and v.attacking_pairs >= 1 and len(v.conflicts) == v.attacking_pairs


@pytest.mark.parametrize("kw,args", [
    (dict(board=8, holes="a1,d5"), ["8", "--holes", "a1,d5"]),
    (dict(board=7, torus=True), ["7", "--torus"]),
    (dict(board=6, blockers=["c3"], pieces="7Q"), ["6", "--blockers", "c3", "--pieces", "7Q"]),
])
def test_count_part_takes_the_terrain(kw, args, cli):
    code, out, _ = cli("count", *args)
    board, pieces, rest = split(kw)
    parts = [queens.count_part(board, pieces, part=i, parts=3, **rest) for i in (1, 2, 3)]
    assert queens.merge(parts) == int(out)
    code, shard, _ = cli("count", *args, "--shard", "2/3")
    mine, theirs = json.loads(parts[1]), json.loads(shard)
    assert (mine["problem"], mine["total"], mine["fingerprint"]) == (theirs["problem"], theirs["total"], theirs["fingerprint"])
