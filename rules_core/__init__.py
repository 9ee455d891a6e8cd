"""Rules core: exact dice odds and step-by-step resolvers for the rules site.

Standard library only, no I/O: the same code runs in CPython 3.11+ and in Pyodide
(Python 3.14). The browser and the command line use one door:

    describe(resolver_id) -> declaration of the resolver's inputs
    odds(resolver_id, inputs) -> exact odds, fractions as reduced "p/q" strings
    resolve(resolver_id, inputs) -> one resolved case with its steps

All three take and return plain JSON-able data. Bad input raises `InputError`
(a `RulesError`) naming the field and its allowed range.
"""

from .errors import InputError, RulesError, UnknownResolver
from .inputs import Input
from .readings import READINGS, Reading
from .registry import REGISTRY, Resolver, describe, odds, resolve, resolver_ids

__all__ = [
    "READINGS",
    "REGISTRY",
    "Input",
    "InputError",
    "Reading",
    "Resolver",
    "RulesError",
    "UnknownResolver",
    "describe",
    "odds",
    "resolve",
    "resolver_ids",
]
