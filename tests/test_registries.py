"""Proof of shape: a procedure, two rank tests (one with an SE form of its own, one whose
average ranks lie in [0, 1]), a pairwise test and a test of incomplete blocks, defined in
tests/extension.py and registered here, work through adjust_*, the post-hocs, compare, the
command line's choices, every renderer, cd_diagram and simulate, with no other module edited.
The registries are the one place (``python -m pytest --extension`` runs every test beside
them)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import redirect_stdout

import numpy as np
import pytest
from matplotlib.text import Text
from scipy import special, stats

import extension
import multicomp as mc
from multicomp.cli import main


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """Register them for one test, and leave the registries as they were."""
    with extension.registered():
        yield


def _data(n: int = 20, k: int = 4, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, k)) + np.linspace(0.0, 1.5, k)


def test_adjust_takes_the_new_procedure() -> None:
    p = np.array([0.01, 0.02, 0.04])
    expected = 1 - (1 - p) ** 3
    np.testing.assert_allclose(mc.adjust_control(p, "Sidak"), expected, rtol=1e-14)
    np.testing.assert_allclose(mc.adjust_all_pairs(p, "sidak"), expected, rtol=1e-14)
    with pytest.raises(ValueError, match="'single_step', 'sidak'; got 'nope'"):
        mc.adjust_control(p, "nope")


def test_the_new_test_computes_its_statistic_and_post_hoc() -> None:
    x = _data()
    report = mc.compare(x, test="normal_scores", method="asymptotic")
    row = next(t for t in report.omnibus if t.name == "normal_scores")
    a = -special.ndtri(stats.rankdata(x, axis=1) / 5.0)  # by hand
    t = 3 * np.sum(a.sum(axis=0) ** 2) / np.sum(a**2)
    assert row.statistic == pytest.approx(t, rel=1e-12)
    assert row.pvalue == pytest.approx(stats.chi2.sf(t, 3), rel=1e-12)
    pairs = mc.posthoc_all_pairs(x, test="normal_scores", method="asymptotic")
    se = np.sqrt(2 * 4 / 3 * a.var(axis=1).sum()) / 20
    d = a.mean(axis=0)
    first, second = np.triu_indices(4, 1)
    np.testing.assert_allclose(pairs.z, (d[second] - d[first]) / se, rtol=1e-6)
    assert "sidak" in pairs.procedures and "sidak" in report.procedures
    np.testing.assert_allclose(pairs.adjusted["sidak"], 1 - (1 - pairs.pvalue) ** 6, rtol=1e-9)
    control = mc.posthoc_control(x, 0, test="normal_scores", method="asymptotic")
    assert "sidak" in control.procedures
    # permutation p-values need multiples of 1/4: the engine says so, and "auto" at N = 20
    # is asymptotic
    assert mc.posthoc_all_pairs(x, test="normal_scores").method == "asymptotic"


def test_every_renderer_and_the_diagram_name_them() -> None:
    x = _data()
    report = mc.compare(x, test="normal_scores", control="A1", procedure="sidak")
    for text in (report.to_text(), report.to_markdown(), report.to_latex(), report.to_html()):
        assert "Sidak" in text and "normal scores" in text
    assert "sidak" in report.to_csv()
    assert mc.Report.from_json(report.to_json()) == report
    for figure in (report.plot(), mc.cd_diagram(x, test="normal_scores", procedure="sidak")):
        texts = " ".join(t.get_text() for t in figure.findobj(Text))
        assert "Sidak" in texts and "normal scores" in texts


def test_the_command_line_offers_them(tmp_path) -> None:
    path = tmp_path / "scores.csv"
    np.savetxt(path, _data(), delimiter=",", header="a,b,c,d", comments="")
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(
            [str(path), "--test", "normal_scores", "--procedure", "Sidak", "--format", "markdown"]
        )
    assert status == 0 and "normal scores" in out.getvalue()


def test_simulate_runs_them() -> None:
    result = mc.simulate(
        4,
        20,
        tests=["friedman", "normal_scores"],
        n_replications=400,
        method="asymptotic",
        random_state=1,
    ).to_frame()
    assert ("omnibus", "normal_scores", "normal_scores") in result.index
    assert ("control", "normal_scores", "sidak") in result.index
    assert ("all_pairs", "friedman", "sidak") in result.index
    null = result.loc[("omnibus", "normal_scores", "normal_scores")]
    assert 0.02 <= null["fwer"] <= 0.09  # the complete null at alpha = 0.05, 400 tables


def test_the_new_pairwise_test_runs_through_the_post_hocs_compare_and_simulate() -> None:
    x = _data(n=12)
    pairs = mc.posthoc_all_pairs(x, test="paired_t")
    first, second = np.triu_indices(4, 1)
    expected = [stats.ttest_rel(x[:, a], x[:, b]).pvalue for a, b in zip(first, second)]
    np.testing.assert_allclose(pairs.pvalue, expected, rtol=1e-12)
    # z is positive when the first algorithm of a pair is the better (here: the later ones)
    assert np.all(pairs.z < 0)
    assert {"bonferroni", "holm"} <= set(pairs.procedures) and "shaffer" in pairs.skipped
    report = mc.compare(x, test="paired_t", control="A4")
    assert "paired t tests" in report.to_text() and report.procedure == "holm"
    with pytest.raises(ValueError, match="'sign', 'paired_t'"):
        mc.posthoc_all_pairs(x, test="t")
    result = mc.simulate(4, 12, tests=["paired_t"], n_replications=50, random_state=2)
    assert ("all_pairs", "paired_t", "holm") in result.to_frame().index
    assert ("omnibus", "paired_t", "paired_t") not in result.to_frame().index


def test_the_new_incomplete_block_test_runs_through_compare_the_reports_and_the_cli(
    tmp_path,
) -> None:
    x = _data(n=12)
    x[[1, 4, 7], [0, 2, 3]] = np.nan  # missing scores
    report = mc.compare(x, test="sm_untied", control="A1")
    expected = mc.skillings_mack(x, tie_correction=False)
    row = report.omnibus[0]
    assert (row.name, row.df) == ("sm_untied", (3,))
    assert row.statistic == pytest.approx(expected.statistic, rel=1e-12)
    assert row.pvalue == pytest.approx(expected.pvalue, rel=1e-12)
    direct = mc.posthoc_incomplete(x, "A1", tie_correction=False)
    np.testing.assert_allclose([h.pvalue for h in report.hypotheses], direct.pvalue, rtol=1e-12)
    for text in (report.to_text(), report.to_markdown(), report.to_html()):
        assert "Skillings-Mack (untied)" in text
    assert mc.Report.from_json(report.to_json()) == report
    path = tmp_path / "scores.csv"
    np.savetxt(path, x, delimiter=",", header="a,b,c,d", comments="")
    out = io.StringIO()
    with redirect_stdout(out):
        status = main([str(path), "--test", "sm_untied", "--format", "markdown"])
    assert status == 0 and "Skillings-Mack (untied)" in out.getvalue()


def test_a_test_with_an_se_form_of_its_own_gets_it_everywhere(tmp_path) -> None:
    """The rank test's own SE form ("no_ties") is a value of ``se=`` in the post-hocs,
    compare, the report (and its JSON), cd_diagram, simulate and the command line's --se."""
    x = _data()
    k, n = 4, 20
    expected = float(extension._no_ties_se(None, k, n))
    options = {"test": "normal_scores", "se": "no_ties", "method": "asymptotic"}
    pairs = mc.posthoc_all_pairs(x, **options)
    assert pairs.se == pytest.approx(expected, rel=1e-12) and pairs.options["se"] == "no_ties"
    assert mc.posthoc_control(x, 0, **options).se == pairs.se
    assert pairs.se == mc.posthoc_all_pairs(x, test="normal_scores").se  # no ties: equal
    tied = np.round(x)
    calibrated = mc.posthoc_all_pairs(tied, test="normal_scores").se
    assert calibrated < mc.posthoc_all_pairs(tied, **options).se
    report = mc.compare(x, **options)
    assert report.se == "no_ties" and "se='no_ties'" in report.to_text()
    assert mc.Report.from_json(report.to_json()) == report
    report.plot()
    mc.cd_diagram(x, procedure="holm", **options)
    with pytest.raises(ValueError, match="se='no_ties' is a form of test='normal_scores'"):
        mc.compare(x, se="no_ties")
    result = mc.simulate(
        4,
        20,
        tests=["friedman", "normal_scores"],
        n_replications=200,
        random_state=1,
        **{key: value for key, value in options.items() if key != "test"},
    )
    assert "se='no_ties'" in str(result)
    path = tmp_path / "scores.csv"
    np.savetxt(path, x, delimiter=",", header="a,b,c,d", comments="")
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(
            [str(path), *["--test", "normal_scores", "--se", "no_ties", "--format", "json"]]
        )
    assert status == 0 and '"se": "no_ties"' in out.getvalue()


def test_a_test_whose_ranks_lie_in_0_1_draws_every_output(tmp_path) -> None:
    """Its range (bottom 0, top 1) is the axis of the CD diagram: HTML, the files, the plot."""
    x = _data()
    report = mc.compare(x, test="unit_ranks")
    assert "unit ranks" in report.to_html()
    written = report.save(tmp_path)
    assert written["cd_diagram_png"].stat().st_size > 0
    ticks = [t.get_text() for t in report.plot().findobj(Text) if t.get_gid() == "cd-tick-0"]
    assert ticks == ["0"]
    ranks = mc.posthoc_all_pairs(x, test="unit_ranks").ranks
    assert ((ranks >= 0.0) & (ranks <= 1.0)).all()
    control = mc.compare(x, test="unit_ranks", control="A1", procedure="holm")
    control.plot()
    control.to_html()
