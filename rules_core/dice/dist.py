"""The one exact distribution type: integer weights over one denominator (icepool's model).

A `Dist` maps each outcome to a whole number of equally likely cases out of `total`. It is
immutable; every operation returns a new Dist, and probabilities leave it as `Fraction`s
only at the edge (`answers.to_json` writes them as "p/q"):

    Dist.certain(x)              one outcome, probability 1
    Dist.uniform(xs)             each of xs equally likely (a die, a randomised hit)
    Dist.of(weights, total)      from a weights dict (the dice engine's form)
    d.map(f)                     outcome -> f(outcome), weights merged
    d.bind(f)                    outcome -> a Dist of what follows (a chain's next step)
    d.product(e) / d.combine(e, f)   two independent parts, as pairs or combined by f
    d.where(pred)                condition on an event (renormalised)
    d.p(pred), d.chance(x)       a probability, exact
    d.items(), d.expected(f)     (outcome, Fraction) pairs; the exact mean of f
    answers.Chart.of(title, d, label)   chart rows, in the order given (the one way a Dist is charted)

Outcomes must be hashable. `product` and `combine` multiply denominators and `map` keeps them;
`bind` (and so `mix`) brings its children to their least common multiple and then reduces, so a long
chain's integers stay small. `reduced()` does the same on demand; a Fraction is always in lowest terms.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import gcd, lcm
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
"""An outcome."""
U = TypeVar("U", bound=Hashable)
"""An outcome after a map or a bind."""
V = TypeVar("V", bound=Hashable)
"""The other part's outcome in a product."""


class Dist(Generic[T]):
    """An exact probability distribution: outcome -> weight, weights summing to `total`."""

    __slots__ = ("_weights", "total")

    def __init__(self, weights: Mapping[T, int], total: int) -> None:
        kept = {outcome: ways for outcome, ways in weights.items() if ways}
        if total <= 0 or sum(kept.values()) != total or any(ways < 0 for ways in kept.values()):
            raise ValueError(f"weights {sum(kept.values())} must be positive and sum to the total {total}")
        self._weights: dict[T, int] = kept
        self.total: int = total
        """The common denominator: every weight counts cases out of it."""

    # ------------------------------------------------------------ making one

    @classmethod
    def of(cls, weights: Mapping[T, int], total: int) -> Dist[T]:
        """From weights over `total` (the dice engine's `reading_weights` form)."""
        return cls(weights, total)

    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        """A single outcome with probability 1."""
        return cls({outcome: 1}, 1)

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each outcome equally likely (repeats count twice)."""
        weights: dict[T, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights, sum(weights.values()))

    @classmethod
    def from_fractions(cls, chances: Mapping[T, Fraction]) -> Dist[T]:
        """From exact probabilities summing to 1."""
        total = lcm(*(p.denominator for p in chances.values())) if chances else 1
        return cls({outcome: p.numerator * (total // p.denominator) for outcome, p in chances.items()}, total)

    @classmethod
    def mix(cls, parts: Iterable[tuple[Fraction, Dist[T]]]) -> Dist[T]:
        """The mixture: with probability p_i, the outcome of part i (the p_i sum to 1)."""
        chances: dict[int, tuple[Fraction, Dist[T]]] = dict(enumerate(parts))
        return Dist.from_fractions({i: p for i, (p, _) in chances.items()}).bind(lambda i: chances[i][1])

    # ------------------------------------------------------------ reading it

    def weights(self) -> dict[T, int]:
        """A copy of outcome -> weight over `total`."""
        return dict(self._weights)

    def __iter__(self) -> Iterator[T]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __eq__(self, other: object) -> bool:
        """Equal as distributions: the same probability for every outcome, whatever the denominators."""
        if not isinstance(other, Dist):
            return NotImplemented
        return self._weights.keys() == other._weights.keys() and all(
            ways * other.total == other._weights[outcome] * self.total for outcome, ways in self._weights.items())

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        return f"Dist({dict(self.items())!r})"

    def items(self) -> list[tuple[T, Fraction]]:
        """(outcome, exact probability) pairs, in insertion order."""
        return [(outcome, Fraction(ways, self.total)) for outcome, ways in self._weights.items()]

    def chance(self, outcome: T) -> Fraction:
        """The probability of one outcome (0 when it cannot happen)."""
        return Fraction(self._weights.get(outcome, 0), self.total)

    def p(self, event: Callable[[T], bool]) -> Fraction:
        """The probability of an event."""
        return Fraction(sum(ways for outcome, ways in self._weights.items() if event(outcome)), self.total)

    def expected(self, value: Callable[[T], int | Fraction]) -> Fraction:
        """The exact mean of `value` over the outcomes."""
        return sum((Fraction(value(outcome)) * ways for outcome, ways in self._weights.items()), Fraction(0)) / self.total

    # ------------------------------------------------------------ new ones from it

    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """Each outcome through `f`; outcomes that meet are merged."""
        out: dict[U, int] = {}
        for outcome, ways in self._weights.items():
            key = f(outcome)
            out[key] = out.get(key, 0) + ways
        return Dist(out, self.total)

    def bind(self, f: Callable[[T], Dist[U]]) -> Dist[U]:
        """What follows each outcome, weighted by it: the next step of a chain.

        Children with different denominators are brought to their least common multiple.
        """
        children = [(ways, f(outcome)) for outcome, ways in self._weights.items()]
        common = lcm(*(child.total for _, child in children))
        out: dict[U, int] = {}
        for ways, child in children:
            scale = ways * (common // child.total)
            for outcome, child_ways in child._weights.items():
                out[outcome] = out.get(outcome, 0) + scale * child_ways
        return Dist(out, self.total * common).reduced()

    def product(self, other: Dist[V]) -> Dist[tuple[T, V]]:
        """Two independent parts as pairs."""
        return Dist({(a, b): wa * wb for a, wa in self._weights.items() for b, wb in other._weights.items()},
                    self.total * other.total)

    def combine(self, other: Dist[V], f: Callable[[T, V], U]) -> Dist[U]:
        """Two independent parts combined by `f` (simultaneous rolls, both ships' damage)."""
        out: dict[U, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = f(a, b)
                out[key] = out.get(key, 0) + wa * wb
        return Dist(out, self.total * other.total)

    def where(self, event: Callable[[T], bool]) -> Dist[T]:
        """Conditioned on the event (which must be possible)."""
        kept = {outcome: ways for outcome, ways in self._weights.items() if event(outcome)}
        if not kept:
            raise ValueError("conditioned on an impossible event")
        return Dist(kept, sum(kept.values()))

    def reduced(self) -> Dist[T]:
        """The same distribution over the smallest denominator (keeps big chains' integers small)."""
        divisor = gcd(self.total, *self._weights.values())
        if divisor == 1:
            return self
        return Dist({outcome: ways // divisor for outcome, ways in self._weights.items()}, self.total // divisor)

