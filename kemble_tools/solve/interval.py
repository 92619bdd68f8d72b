"""Confidence intervals for a share counted over samples: the exact (Clopper–Pearson) interval
of a binomial proportion, found by bisection on the binomial tails (no SciPy)."""

from __future__ import annotations

import math
from collections.abc import Callable

STEPS = 60  # bisection steps: 2**-60, far below what a share is rounded to


def clopper_pearson(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The exact two-sided interval for a share of `successes` in `n` samples: each end is a
    one-sided bound at (1 + confidence) / 2 (97.5 % for 95 %). Conservative: it covers the
    true share at least as often as it says, with 0 or n successes too."""
    if not 0 <= successes <= n or n < 1:
        raise ValueError(f"{successes} successes in {n} samples")
    tail = (1 - confidence) / 2
    low = 0.0
    if successes > 0:  # the share at which `successes` or more come with chance `tail`
        low = _bisect(lambda p: _at_least(successes, n, p) < tail)
    high = 1.0
    if successes < n:  # the share at which `successes` or fewer come with chance `tail`
        high = _bisect(lambda p: 1 - _at_least(successes + 1, n, p) > tail)
    return low, high


def _bisect(below: Callable[[float], bool]) -> float:
    """The point in [0, 1] where `below` turns from true to false (it is monotone)."""
    lo, hi = 0.0, 1.0
    for _ in range(STEPS):
        mid = (lo + hi) / 2
        if below(mid):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), summed in log space (n may be large)."""
    if p <= 0.0:
        return 1.0 if k <= 0 else 0.0
    if p >= 1.0:
        return 1.0 if k <= n else 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    base = math.lgamma(n + 1)
    terms = [
        base - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p + (n - i) * log_q
        for i in range(max(k, 0), n + 1)
    ]
    if not terms:
        return 0.0
    top = max(terms)
    return min(1.0, math.exp(top) * sum(math.exp(t - top) for t in terms))
