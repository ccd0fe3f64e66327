"""Every output of a report says how each p-value was computed and whether the tie correction
changed a statistic (issue 21.5); a Monte Carlo p-value at its floor reads "p <= 1e-4"; the
procedure used beyond Bergmann-Hommel's exact limit is named with why (issue 25.5); the
parametric side says what was asked and what was checked (issue 21.8)."""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from multicomp import Report, compare, friedman, load_example
from multicomp._internal.names import fmt_p
from multicomp.report.model import p_equals, pvalue_floor, short_float

MC = "Monte Carlo permutation, 9,999 resamples"


def outputs(report: Report) -> dict[str, str]:
    """Every rendering of ``report`` (the HTML without its diagram's data URI)."""
    html = re.sub(r"data:image/svg\+xml;base64,[A-Za-z0-9+/=]+", "", report.to_html())
    return {
        "text": report.to_text(),
        "markdown": report.to_markdown(),
        "latex": report.to_latex(),
        "html": html,
        "csv": report.to_csv(),
        "json": report.to_json(),
    }


def csv_table(report: Report, table: str) -> pd.DataFrame:
    frame = pd.read_csv(io.StringIO(report.to_csv()))
    return frame[frame["table"] == table].pivot(index="row", columns="column", values="value")


@pytest.fixture(scope="module")
def d06() -> Report:
    return compare(load_example("demsar2006"))  # N = 14: permutation p-values, a tied row


def test_the_d06_caption_says_permutation_with_its_resamples_and_tie_correction(
    d06: Report,
) -> None:
    caption = re.search(r"\\caption\{(Average ranks.*?)\}\n", d06.to_latex())
    assert caption is not None
    p = f"{d06.omnibus[0].pvalue:.3f}"  # a Monte Carlo draw about the exact 0.0076
    for test, symbol in (
        ("Friedman", r"\chi^2_{3} = 10.95"),
        ("Iman-Davenport", "F_{3,39} = 4.59"),
    ):
        assert f"{test}: ${symbol}$ (tie-corrected), $p = {p}$ ({MC})" in caption.group(1)
    # the pairs' caption: how the unadjusted p-values of the post-hoc were computed
    assert "Unadjusted $p$-values: exact permutation." in d06.to_latex()
    # the textbook form: no tie correction said, the papers' asymptotic p-values
    paper = compare(load_example("demsar2006"), method="asymptotic", tie_correction=False)
    latex = paper.to_latex()
    assert "tie-corrected" not in latex and "(asymptotic)" in latex
    assert "$\\chi^2_{3} = 9.86$" in latex  # 9.857 (the published AUCs' ties), not 9.28


def test_every_output_says_how_each_p_value_was_computed(d06: Report) -> None:
    assert [(t.method, t.n_resamples, t.tie_corrected) for t in d06.omnibus] == [
        ("permutation", 9999, True),
        ("permutation", 9999, True),
    ]
    assert d06.pvalue_method == "exact" and d06.pvalue_resamples is None
    said = outputs(d06)
    p = fmt_p(d06.omnibus[0].pvalue)
    assert 0.005 < d06.omnibus[0].pvalue < 0.015  # a Monte Carlo draw about the exact 0.0076
    for name in ("text", "markdown", "html"):
        assert said[name].count(f"(tie-corrected), p = {p} ({MC})") == 2, name
        assert "unadjusted p-values: exact permutation" in said[name], name
        assert "unadjusted p-value (exact permutation)" in said[name], name  # the table's note
        assert "tie-corrected statistic" in said[name], name  # the omnibus table's note
    omnibus = csv_table(d06, "omnibus")
    assert set(omnibus["method"]) == {"permutation"} and set(omnibus["n_resamples"]) == {"9999"}
    assert set(omnibus["tie_corrected"]) == {"True"}
    assert csv_table(d06, "posthoc_pvalues").loc["pvalue", "method"] == "exact"
    document = json.loads(said["json"])
    assert document["omnibus"][0]["n_resamples"] == 9999 and document["omnibus"][0]["tie_corrected"]
    assert Report.from_json(said["json"]) == d06
    # the statistic really is the tie-corrected one, and only where ties change it
    assert d06.omnibus[0].statistic == pytest.approx(friedman(load_example("demsar2006")).statistic)
    untied = compare(np.random.default_rng(2).normal(size=(20, 4)), control="A1")
    assert not any(t.tie_corrected for t in untied.omnibus)
    assert "tie-corrected" not in untied.to_text() and "(asymptotic)" in untied.to_text()


def test_asymptotic_and_incomplete_block_p_values_are_labelled() -> None:
    report = compare(load_example("garcia2008"), method="asymptotic")
    for name, text in outputs(report).items():
        if name not in ("csv", "json"):
            assert "asymptotic" in text, name
    missing = load_example("demsar2006").astype(float)
    missing.iloc[0, 0] = np.nan
    incomplete = compare(missing, test="skillings_mack")
    assert incomplete.omnibus[0].method == "asymptotic"
    assert "Skillings-Mack test: chi2(3) = " in incomplete.summary
    assert "(asymptotic)" in incomplete.summary


@pytest.fixture(scope="module")
def floored() -> Report:
    """Five algorithms in the same order on every one of 12 data sets: no permutation is as
    extreme as the data, so each Monte Carlo p-value is at its floor 1/(9,999 + 1)."""
    x = np.arange(5.0)[None, :] + np.random.default_rng(0).normal(scale=0.01, size=(12, 5))
    return compare(x, method="permutation")


def test_a_monte_carlo_p_value_at_its_floor_is_a_bound(floored: Report) -> None:
    assert floored.omnibus[0].pvalue == pytest.approx(1e-4)
    said = outputs(floored)
    for name in ("text", "markdown", "html"):
        shown = said[name].replace("&lt;", "<").replace("\\<", "<")  # as HTML, Markdown escape
        assert f"p <= 1e-4 ({MC})" in shown, name
        assert "p = 0.0001" not in said[name] and "p = 0.000" not in said[name], name
    assert "<= 1e-4" in floored.to_text().split("All pairwise comparisons")[1]  # the p column
    assert r"$p \le 10^{-4}$ (" + MC in said["latex"]
    assert "p = 0.000" not in said["latex"]
    fewer = compare(np.asarray(floored.scores), method="permutation", n_resamples=999)
    assert "p <= 1e-3 (Monte Carlo permutation, 999 resamples)" in fewer.summary


def test_p_equals_and_its_floor() -> None:
    assert p_equals(0.0099) == "p = 0.0099"
    assert p_equals(1e-4, "exact") == "p = 1.00e-04"  # an exact p-value is a value
    assert p_equals(1e-4, "permutation", 9999) == "p <= 1e-4"
    assert p_equals(2e-4, "permutation", 9999) == "p = 2.00e-04"
    assert pvalue_floor("asymptotic", None) is None and pvalue_floor("permutation", 4) == 0.2


@given(st.floats(min_value=1e-12, max_value=0.9))
def test_short_float_is_an_upper_bound_within_ten_percent(value: float) -> None:
    bound = float(short_float(value))
    assert value <= bound <= value * 1.1 + 1e-300


@pytest.fixture(scope="module")
def beyond_bergmann_hommel() -> Report:
    from multicomp import _core

    k = _core.MAX_K_ROBINSON + 1
    scores = np.random.default_rng(1).normal(size=(20, k)) + np.linspace(0, 3, k)
    return compare(scores, method="asymptotic")


def test_beyond_bergmann_hommels_limit_every_output_names_shaffer_and_why(
    beyond_bergmann_hommel: Report,
) -> None:
    report = beyond_bergmann_hommel
    assert report.procedure == "shaffer" and "bergmann_hommel" not in report.procedures
    ((name, why),) = report.left_out
    assert name == "bergmann_hommel" and "exceeds the largest k (100)" in why
    for output, said in outputs(report).items():
        text = said.replace("\\_", "_")  # as Markdown escapes it
        assert re.search("Bergmann-Hommel left out|bergmann_hommel left out", text), output
        assert "exceeds the largest k (100)" in text, output
        assert "Shaffer" in text or "shaffer" in text, output
    assert re.search(r"Shaffer's (procedure|APVs)", report.to_latex())
    assert Report.from_json(report.to_json()).left_out == report.left_out


def test_the_parametric_side_says_what_was_asked_and_what_was_checked(d06: Report) -> None:
    for text in outputs(d06).values():  # nothing asked: the rank tests, nothing checked
        assert "as asked" not in text and "Parametric conditions" not in text
    assert "family='nonparametric' (the default)" in d06.family_reason
    auto = compare(load_example("demsar2006"), family="auto")
    for name, text in outputs(auto).items():
        assert "as asked" not in text, name
        if name != "latex":  # the tables of a paper leave out the choice of family
            assert "not checkable (too few results)" in text, name
            assert not re.search(r"conditions hold|\bholds?\b:", text), name
    asked = compare(load_example("demsar2006"), family="parametric")
    assert "as asked by family='parametric'" in asked.summary
