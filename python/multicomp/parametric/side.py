"""The parametric side of :func:`multicomp.compare`'s report: the verdict on the conditions of
the parametric tests, the family used and why, and the verdicts of the repeated-measures ANOVA
and its post-hoc when that family is used."""

from __future__ import annotations

from typing import Any

from multicomp._internal.names import fmt_alpha, fmt_p
from multicomp._internal.vocabulary import Family
from multicomp.data.decorators import ScoresInput
from multicomp.data.scores import Scores
from multicomp.parametric.anova import rm_anova
from multicomp.parametric.conditions import check_conditions
from multicomp.parametric.family import choose_family
from multicomp.parametric.posthoc import posthoc_parametric

__all__ = ["parametric_side"]


def parametric_side(
    data: ScoresInput,
    scores: Scores,
    family: Family,
    control: str | None,
    alpha: float,
) -> dict[str, Any]:
    """The Report fields of the parametric side: the verdict on its conditions
    (:func:`multicomp.check_conditions` on the input as given, so that folds and runs are
    checked), the family used (``family``, or the recommended one of
    :func:`multicomp.choose_family` for ``"auto"``) and why, and the verdicts of the
    repeated-measures ANOVA and of Tukey's (all pairs) or Dunnett's (a control) post-hoc when
    the parametric family is used."""
    if family == "nonparametric":  # the conditions would not change the report: not checked
        reason = (
            "the rank tests, family='nonparametric' (the default); family='auto' checks the "
            "conditions of the parametric tests and uses the family they recommend"
        )
        return {"conditions": "", "family": family, "family_reason": reason, "parametric": ()}
    choice = choose_family(check_conditions(data, alpha=alpha))
    if family == "auto":
        used, reason = choice.recommended, f"chosen by family='auto': {choice.reason}"
    else:
        used = family
        reason = f"as asked by family={family!r}; recommended: the {choice.recommended} tests. {choice.reason}"
    lines: tuple[str, ...] = ()
    if used == "parametric":
        anova = rm_anova(scores)
        post = posthoc_parametric(scores, control, alpha=alpha)
        name = "Tukey's HSD" if post.procedure == "tukey" else "Dunnett's test"
        rejected = [
            f"{a} vs {b} (difference of means {d:+.4g}, APV = {fmt_p(p)})"
            for (a, b), d, p in zip(post.pairs, post.difference, post.adjusted)
            if p <= alpha
        ]
        lines = (
            str(anova),
            f"{name} (repeated-measures error term): {len(rejected)} of {len(post.pairs)} "
            f"hypotheses rejected at alpha = {fmt_alpha(alpha)}"
            + (f": {'; '.join(rejected)}." if rejected else "."),
        )
    return {
        "conditions": choice.conditions.verdict,
        "family": used,
        "family_reason": reason,
        "parametric": lines,
    }
