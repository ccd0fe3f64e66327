"""Large suites (issue 25): the report's hypotheses as columns, the procedures' limits beyond
which another is used, and reports that summarise many algorithms (sizes asserted, not
times: benches/bench_large.py measures those)."""

from __future__ import annotations

import html
import json
import re

import numpy as np
import pandas as pd
import pytest

import multicomp as mc
from browser import CHROMIUM, images_in_chromium
from json_documents import as_version_1
from multicomp import _core, procedures
from multicomp.report import large
from multicomp.report.model import Hypotheses, Hypothesis
from multicomp.report.names import default_procedure


def suite(k: int, n: int = 30, seed: int = 0) -> pd.DataFrame:
    """n data sets x k algorithms, normal scores plus a trend (so that some pairs differ)."""
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(n, k)) + np.linspace(0.0, 3.0, k)
    return pd.DataFrame(values, columns=[f"algorithm {j:03d}" for j in range(k)])


@pytest.fixture(scope="module")
def wide() -> mc.Report:
    return mc.compare(suite(40), method="asymptotic")


def test_hypotheses_are_columns_read_as_hypothesis(wide: mc.Report) -> None:
    """The report's hypotheses are columns; read one by one they are the post-hoc's pairs,
    and equal to the same hypotheses as a tuple (as a report built by hand holds them)."""
    h = wide.hypotheses
    assert isinstance(h, Hypotheses) and len(h) == 40 * 39 // 2
    result = mc.posthoc_all_pairs(suite(40), method="asymptotic")
    rows = tuple(h)
    assert [(x.first, x.second) for x in rows] == list(result.pairs)
    assert [x.pvalue for x in rows] == result.pvalue.tolist()
    assert [list(x.apvs) for x in rows] == result.adjusted.to_numpy().tolist()
    assert h == rows and h == Hypotheses.of(rows, len(wide.procedures))
    assert h[-1] == rows[-1] and h[1:3] == rows[1:3]
    with pytest.raises(IndexError):
        h[len(h)]
    with pytest.raises(AttributeError, match="read-only"):
        h.z = np.zeros(len(h))  # type: ignore[misc]
    assert not h.pvalue.flags.writeable


def test_tables_and_decisions_from_columns(wide: mc.Report) -> None:
    """to_frame, rejected and rejected_mask agree with the hypotheses read one by one."""
    frame = wide.to_frame()
    rows = sorted(wide.hypotheses, key=lambda x: x.pvalue)
    assert list(frame.index) == [x.label for x in rows]
    j = wide.procedures.index(wide.procedure)
    assert frame[f"apv_{wide.procedure}"].tolist() == [x.apvs[j] for x in rows]
    expected = [x for x in rows if x.apvs[j] <= wide.alpha]
    assert wide.rejected() == expected
    assert int(wide.rejected_mask().sum()) == len(expected) > 0


def test_json_round_trip_of_columns(wide: mc.Report) -> None:
    document = json.loads(wide.to_json())
    columns = document["hypotheses"]
    first = wide.hypotheses[0]
    assert columns["names"][columns["first"][0]] == first.first == "algorithm 000"
    assert columns["names"][columns["second"][0]] == first.second == "algorithm 001"
    assert [columns[name][0] for name in ("difference", "z", "pvalue")] == [
        first.difference,
        first.z,
        first.pvalue,
    ]
    assert [column[0] for column in columns["apvs"]] == list(first.apvs)
    assert mc.Report.from_json(wide.to_json()) == wide
    old = as_version_1(document)  # the rows of version 1 are still read
    assert mc.Report.from_json(json.dumps(old)) == wide


def test_a_report_built_with_a_tuple_of_hypotheses_holds_columns(wide: mc.Report) -> None:
    import dataclasses

    again = dataclasses.replace(wide, hypotheses=tuple(wide.hypotheses))
    assert isinstance(again.hypotheses, Hypotheses) and again == wide
    ragged = [Hypothesis("a", "b", 1.0, 1.0, 0.5, (0.5,)), Hypothesis("a", "c", 1.0, 1.0, 0.5, ())]
    with pytest.raises(ValueError, match=r"hypotheses\[1\].apvs must hold 1 values"):
        Hypotheses.of(ragged, 1)


def test_shaffer_stops_at_its_limit_and_holm_decides_beyond() -> None:
    """Shaffer's S(k) is computed up to MAX_K_SHAFFER algorithms; beyond, it is left out with
    its reason, and the report's default procedure is Holm's."""
    limit = _core.MAX_K_SHAFFER
    assert default_procedure(limit, None) == "shaffer"
    assert default_procedure(limit + 1, None) == "holm"
    m = (limit + 1) * limit // 2
    chosen, skipped = procedures.plan("all_pairs", None, m, procedures.Context(limit + 1))
    assert "shaffer" not in chosen and "holm" in chosen
    assert f"largest k ({limit}) of Shaffer's S(k)" in skipped["shaffer"]


# --- reports that summarise ------------------------------------------------------------------


@pytest.fixture(scope="module")
def thousand() -> mc.Report:
    """100 data sets x 1000 algorithms (499,500 pairs), as issue 25 asks."""
    return mc.compare(suite(1000, n=100), method="asymptotic")


def test_small_reports_list_everything_with_letters() -> None:
    """Up to SUMMARY_LIMIT algorithms the reports list every algorithm and pair, and an
    all-pairs report gives each algorithm its compact letters in the rank table."""
    small = mc.compare(suite(large.SUMMARY_LIMIT, n=20), method="asymptotic")
    assert not large.summarised(small)
    summary, details = str(small).split("Details")
    assert "more" not in summary and all(a in summary for a in small.algorithms)
    assert details.count(" vs ") == len(small.hypotheses) == 435
    letters = large.letters(small)
    table = details.split("Omnibus tests")[0]
    for a, x in letters.items():
        assert re.search(rf"{re.escape(a)}\s.*\s{re.escape(x)}\n", table), a
    latex = small.to_latex().split("tab:mc-ranks")[1].split("end{tabular}")[0]
    for a, x in letters.items():
        assert re.search(rf"{re.escape(a)}\s.*&\s*{re.escape(x)}\s*\\\\", latex), a


def test_letters_in_the_report_are_valid_for_its_decisions(wide: mc.Report) -> None:
    """Two algorithms share a letter exactly when the report's procedure does not reject
    their pair (Piepho's display, any decisions)."""
    letters = large.letters(wide)
    rejected = {frozenset((h.first, h.second)) for h in wide.rejected()}
    for h in wide.hypotheses:
        shared = bool(set(letters[h.first]) & set(letters[h.second]) - {"."})
        assert shared == (frozenset((h.first, h.second)) not in rejected)


def test_summarised_outputs_at_k1000_stay_small(thousand: mc.Report) -> None:
    """k = 1000: str() under 20 KB, Markdown and LaTeX alike, each with the ranking's top and
    bottom and a count of the rest, the best against the others, the top group, the number
    of groups and where the full pair matrix is."""
    best = thousand.algorithms[int(np.argmin(thousand.test_ranks))]
    outputs = {
        "text": str(thousand),
        "markdown": thousand.to_markdown(),
        "latex": thousand.to_latex(),
    }
    for name, out in outputs.items():
        assert len(out.encode()) < 20_000, name
        assert f"{1000 - large.TOP - large.BOTTOM} more" in out, name
        assert best in out, name
    text = outputs["text"]
    assert f"The best, {best}, is significantly better than" in text
    assert "Top group" in text and "Groups of algorithms with no significant difference" in text
    assert "499,500 hypotheses in Report.to_csv(), Report.to_json()" in text
    assert text.count(" vs ") == large.NAMED  # the best against the 20 ranked next
    assert "\\label{tab:mc-best}" in outputs["latex"]


def test_summarised_html_at_k1000_is_small_and_renders(
    thousand: mc.Report, tmp_path: pytest.TempPathFactory
) -> None:
    """k = 1000: one page under 2 MB, with the compact letter display as an HTML table (no
    image: drawing a thousand names took seconds), every algorithm best first with its
    letters, those of the text report; where Chromium is installed, the page renders."""
    page = thousand.to_html()
    assert len(page.encode()) < 2_000_000
    assert "<img" not in page and "data:image" not in page
    assert _letter_rows(page) == [
        (place, name, large.letters(thousand)[name])
        for place, name in enumerate(large.letter_display(thousand).letters.index, start=1)
    ]
    text = str(thousand)
    best = thousand.algorithms[int(np.argmin(thousand.test_ranks))]
    assert f"{best}  rank" in text and f"letters {large.letters(thousand)[best]}" in text
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed")
    path = tmp_path / "k1000.html"  # type: ignore[operator]
    # the page forbids scripts; the probe's copy drops that policy to run its image check
    path.write_text(re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page))
    loaded = images_in_chromium(path)
    assert loaded == {"images": 0, "broken": []}


def _letter_rows(page: str) -> list[tuple[int, str, str]]:
    """(place, name, letters) of each row of the page's compact letter display."""
    table = page.split("<details>", 1)[1].split("</details>", 1)[0]
    row = re.compile(
        r'<tr><td class="r">(\d+)\.</td><td class="l">([^<]*)</td>'
        r'<td class="r">[\d.]+</td><td class="l">([^<]*)</td></tr>'
    )
    return [(int(p), html.unescape(n), html.unescape(x)) for p, n, x in row.findall(table)]


def test_the_letter_table_escapes_hostile_names() -> None:
    """Beyond CD_LIMIT the page's letter table writes each name as inert text: no markup of
    a name survives, and each name reads back unchanged from its row."""
    data = suite(large.CD_LIMIT + 1, n=20)
    hostile = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "a&b's"]
    data = data.rename(columns=dict(zip(data.columns, hostile)))
    report = mc.compare(data, method="asymptotic")
    for page in (report.to_html(), report._repr_html_()):
        assert "<script>" not in page and "<img" not in page
        rows = _letter_rows(page)
        assert sorted(n for _, n, _ in rows) == sorted(report.algorithms)
        assert {n: x for _, n, x in rows} == large.letters(report)


def test_plot_draws_letters_beyond_the_cd_limit(wide: mc.Report) -> None:
    """Report.plot draws a CD diagram up to CD_LIMIT algorithms and the compact letter
    display beyond, sorted best first with every name; letters= chooses either."""
    over = mc.compare(suite(large.CD_LIMIT + 1, n=20), method="asymptotic")
    figure = over.plot()
    names = [t.get_text() for ax in figure.axes for t in ax.texts]
    order = np.argsort(over.test_ranks, kind="stable")
    assert names == [over.algorithms[i] for i in order]
    assert "Compact letter display" in figure.texts[0].get_text()
    cd = wide.plot()
    assert not any("Compact letter display" in t.get_text() for t in cd.texts)
    assert wide.plot(letters=True).axes[0].texts
    with pytest.raises(ValueError, match="letters=True draws the report's own all-pairs"):
        mc.compare(suite(5), control="algorithm 000").plot(letters=True)
