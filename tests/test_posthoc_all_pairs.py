"""posthoc_all_pairs against expected.json (G08 Tables 3 and 5) and its options."""

import itertools
from typing import Any

import matplotlib
import matplotlib.pyplot
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import multicomp as mc
from multicomp import _core, posthoc, procedures
from multicomp._internal.vocabulary import ALL_PAIRS_PROCEDURES
from reference_cases import G08_PROCEDURES, REFERENCE, assert_matches, case, read_csv

CASE = "garcia2008_friedman_all_pairwise"


def _result(**options: Any) -> posthoc.PosthocAllPairsResult:
    c = case(CASE)
    return mc.posthoc_all_pairs(REFERENCE / c["input"], alpha=c["parameters"]["alpha"], **options)


def test_garcia2008_table5_and_its_decisions() -> None:
    expected = case(CASE)["expected"]
    result, monotone = _result(), _result(monotone=True)
    frame = result.to_frame(sort=True, reject=True)
    actual = {
        "SE": result.se,
        "average_ranks": result.ranks,
        "hypothesis_order": list(frame.index),
        "z": result.z.abs(),
        "p": result.pvalue,
        **{f"apv_{g08}": result.adjusted[m] for g08, m in G08_PROCEDURES.items()},
        "apv_bergmann_hommel_monotone": monotone.adjusted["bergmann_hommel"],
        "number_rejected_alpha_0.05": {
            g08: result.reject[m].sum() for g08, m in G08_PROCEDURES.items()
        },
        "bergmann_hommel_acceptance_set_alpha_0.05": [
            h for h in frame.index if not frame.loc[h, "reject_bergmann_hommel"]
        ],
    }
    for key, value in actual.items():
        assert_matches(value, expected[key], path=key)
    # The monotone option only changes Bergmann-Hommel here (the others are monotone already).
    for m in ("nemenyi", "bonferroni", "holm", "shaffer"):
        pd.testing.assert_series_equal(monotone.adjusted[m], result.adjusted[m])


def test_table5_from_the_papers_average_ranks() -> None:
    """G08 Table 5 and the rejections 4/5/6/8 from the average ranks and N alone (ranks=)."""
    expected = case(CASE)["expected"]
    n = len(read_csv(case(CASE)["input"]))
    for monotone in (False, True):
        result = mc.posthoc_all_pairs(
            ranks=expected["average_ranks"]["value"], n_datasets=n, monotone=monotone
        )
        for g08, m in G08_PROCEDURES.items():
            key = f"apv_{g08}_monotone" if monotone and m == "bergmann_hommel" else f"apv_{g08}"
            assert_matches(result.adjusted[m], expected[key], path=key)
        rejected = {g08: result.reject[m].sum() for g08, m in G08_PROCEDURES.items()}
        assert_matches(rejected, expected["number_rejected_alpha_0.05"])


def test_from_published_ranks_equals_from_data() -> None:
    data = mc.load_example("garcia2008")
    from_data = mc.posthoc_all_pairs(data)
    ranks = mc.friedman(data).ranks
    from_ranks = mc.posthoc_all_pairs(
        ranks={str(a): r for a, r in ranks.items()}, n_datasets=len(data)
    )
    pd.testing.assert_frame_equal(from_ranks.to_frame(), from_data.to_frame())


def test_pairs_follow_itertools_combinations_and_agree_with_posthoc_control() -> None:
    data = mc.load_example("garcia2010")
    for test in ("friedman", "aligned", "quade"):
        pairs = mc.posthoc_all_pairs(data, test=test)
        names = list(data.columns)
        assert pairs.pairs == tuple(itertools.combinations(names, 2))
        assert list(pairs.to_frame().index) == [
            f"{a} vs {b}" for a, b in itertools.combinations(names, 2)
        ]
        control = mc.posthoc_control(data, names[0], test=test)
        first = pairs.to_frame().iloc[: len(names) - 1]
        np.testing.assert_array_equal(first["pvalue"].to_numpy(), control.pvalue.to_numpy())
        np.testing.assert_array_equal(first["z"].to_numpy(), control.z.to_numpy())
        assert pairs.se == control.se


def test_matrix_is_symmetric_with_nan_diagonal() -> None:
    result = mc.posthoc_all_pairs(mc.load_example("garcia2008"), procedures=ALL_PAIRS_PROCEDURES)
    names = list(result.ranks.index)
    for method in (None, *ALL_PAIRS_PROCEDURES):
        m = result.matrix(method)
        assert list(m.index) == list(m.columns) == names
        assert np.isnan(np.diag(m.to_numpy())).all()
        np.testing.assert_array_equal(m.to_numpy(), m.to_numpy().T)
    holm = result.matrix("holm")
    for (a, b), value in zip(result.pairs, result.adjusted["holm"]):
        assert holm.loc[a, b] == value
    default = mc.posthoc_all_pairs(mc.load_example("garcia2008"))  # Hommel: only when named
    with pytest.raises(ValueError, match=r"procedure must be one of 'nemenyi', .* got 'hommel'"):
        default.matrix("hommel")


def test_matrix_and_report_take_procedure_names_in_any_spelling() -> None:
    data = mc.load_example("garcia2008")
    result = mc.posthoc_all_pairs(data)
    for spelled, name in (("Holm", "holm"), ("Bergmann-Hommel", "bergmann_hommel")):
        pd.testing.assert_frame_equal(result.matrix(spelled), result.matrix(name))
    with pytest.raises(ValueError, match=r"or None \(unadjusted p-values\); got 'Hommel'"):
        result.matrix("Hommel")
    report = mc.compare(data)
    assert report.rejected("Bergmann-Hommel") == report.rejected("bergmann_hommel")
    assert report.rejected("SHAFFER") == report.rejected("shaffer")
    incomplete = data.astype(float)
    incomplete.iloc[[2, 5], [1, 3]] = np.nan
    skillings_mack = mc.compare(incomplete, test="skillings_mack")
    figure = skillings_mack.plot(procedure="Holm")  # was refused: not spelled as its own
    assert figure.axes
    matplotlib.pyplot.close(figure)


def test_frame_layout() -> None:
    result = mc.posthoc_all_pairs(mc.load_example("garcia2008"), alpha=0.01)
    frame = result.to_frame(reject=True)
    assert list(frame.columns) == (
        ["difference", "z", "pvalue"]
        + [f"apv_{m}" for m in procedures.defaults("all_pairs")]
        + [f"reject_{m}" for m in procedures.defaults("all_pairs")]
    )
    np.testing.assert_array_equal(
        frame[[f"reject_{m}" for m in procedures.defaults("all_pairs")]].to_numpy(),
        result.adjusted.to_numpy() <= 0.01,
    )


def test_methods_selection_and_bergmann_hommel_beyond_the_supported_k(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = mc.load_example("garcia2008")  # k = 5
    assert mc.posthoc_all_pairs(data, procedures=["holm"]).procedures == ("holm",)
    assert mc.posthoc_all_pairs(data, procedures="shaffer").procedures == ("shaffer",)
    with pytest.raises(ValueError, match="procedures must be one of"):
        mc.posthoc_all_pairs(data, procedures=["hochberg"])
    monkeypatch.setattr(_core, "MAX_K_ROBINSON", 4)
    result = mc.posthoc_all_pairs(data)
    assert result.procedures == tuple(
        m for m in procedures.defaults("all_pairs") if m != "bergmann_hommel"
    )
    assert "bergmann_hommel" in result.skipped and "shaffer" in result.skipped["bergmann_hommel"]
    with pytest.raises(ValueError, match="bergmann_hommel was skipped: k = 5 exceeds"):
        result.matrix("bergmann_hommel")
    with pytest.raises(
        ValueError, match=r"bergmann_hommel does not apply: k = 5 exceeds the largest k \(4\)"
    ):
        mc.posthoc_all_pairs(data, procedures=["bergmann_hommel"])


scores_tables = arrays(
    np.float64,
    st.tuples(st.integers(3, 8), st.integers(3, 5)),
    elements=st.integers(0, 9).map(lambda v: v / 10),
)


def _canonical(
    result: posthoc.PosthocControlResult | posthoc.PosthocAllPairsResult,
) -> pd.DataFrame:
    """The result in a form that does not depend on the order of algorithms or data sets."""
    if isinstance(result, posthoc.PosthocControlResult):
        return result.to_frame().sort_index()
    names = sorted(result.ranks.index)
    return pd.concat(
        {str(m): result.matrix(m).loc[names, names] for m in (None, *result.procedures)}
    )


@settings(max_examples=30)
@given(scores_tables, st.data(), st.sampled_from(["friedman", "aligned", "quade"]), st.booleans())
def test_both_posthocs_invariant_to_dataset_order_relabelling_and_orientation(
    x: np.ndarray, draw: st.DataObject, test: mc.typing.PosthocTest, control: bool
) -> None:
    def run(values: np.ndarray, columns: list[str], **options: Any) -> pd.DataFrame:
        frame = pd.DataFrame(values, columns=columns)
        if control:
            return _canonical(mc.posthoc_control(frame, "alg0", test=test, **options))
        return _canonical(mc.posthoc_all_pairs(frame, test=test, **options))

    names = [f"alg{j}" for j in range(x.shape[1])]
    rows = draw.draw(st.permutations(range(x.shape[0])))
    cols = draw.draw(st.permutations(range(x.shape[1])))
    reference = run(x, names)
    for other in (
        run(x[np.ix_(rows, cols)], [names[c] for c in cols]),
        run(-x, names, higher_is_better=False),
    ):
        pd.testing.assert_frame_equal(other, reference, check_exact=False, rtol=1e-9, atol=1e-12)


def test_str_shows_the_sorted_table_and_skipped_methods(monkeypatch: pytest.MonkeyPatch) -> None:
    data = mc.load_example("garcia2008")
    text = str(mc.posthoc_all_pairs(data))
    assert text.index("C4.5 vs Kernel") < text.index("C4.5 vs NaiveBayes")
    assert "apv_bergmann_hommel" in text
    assert "control 'C4.5'" in str(mc.posthoc_control(data, "C4.5"))
    monkeypatch.setattr(_core, "MAX_K_ROBINSON", 4)
    assert "skipped bergmann_hommel" in str(mc.posthoc_all_pairs(data))


def test_equal_rank_differences_give_equal_pvalues_and_apvs() -> None:
    """Issue 8.3: 2.6 - 2.4 and 2.4 - 2.2 differ in their last bits in float64; the p-values of
    the three pairs with |dR| = 0.2 were a few bits apart, and monotone Shaffer then gave them
    0.98156 and 1.0."""
    result = mc.posthoc_all_pairs(ranks=[2.4, 2.6, 2.2, 2.8], n_datasets=20, monotone=True)
    tied = ["A1 vs A2", "A1 vs A3", "A2 vs A4"]
    frame = result.to_frame()
    for column in ("pvalue", *(f"apv_{m}" for m in result.procedures)):
        assert frame.loc[tied, column].nunique() == 1, column
    assert frame.loc[tied, "difference"].abs().nunique() == 1


@settings(max_examples=30)
@given(scores_tables, st.sampled_from(["friedman", "aligned", "quade"]))
def test_equal_rank_differences_are_bitwise_equal_for_every_test(
    x: np.ndarray, test: mc.typing.PosthocTest
) -> None:
    """Equal |differences| of the exact rank totals: bitwise equal z, p and monotone APVs
    (without monotone, Bergmann-Hommel's APVs may differ: they depend on the other pairs)."""
    result = mc.posthoc_all_pairs(x, test=test, monotone=True)
    frame = result.to_frame()
    # The exact rank totals (multiples of 1/2; Quade's W_j of 1/4) decide which pairs tie.
    n = x.shape[0]
    totals = {
        "friedman": result.ranks * n,
        "aligned": result.ranks * n,
        "quade": result.ranks * n * (n + 1) / 2,
    }[test]
    exact = {name: round(4 * value) for name, value in totals.items()}
    gap = pd.Series({f"{a} vs {b}": abs(exact[b] - exact[a]) for a, b in result.pairs})
    for _, group in frame.groupby(gap):
        assert (
            group.drop(columns=[c for c in group if c.startswith(("difference", "z"))])
            .nunique()
            .max()
            == 1
        )
        assert group["z"].abs().nunique() == 1
