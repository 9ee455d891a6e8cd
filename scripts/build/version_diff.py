"""What changed between two rules versions: `<!-- version-diff: GAME OLD NEW [PAGE] -->` becomes the page.

The marker (alone on its line) names two versions of a game, and the page of that name in both
folders where they share more than one (scripts/build/version_pairs.comparison: the data of a
known pair, else the two folders).
Both rules pages are read from docs_dir and parsed into entries (scripts/build/entries.py);
entries are paired by name and by the known renames, then shown: the page text section by
section, each pair with a plain summary first (scripts/build/version_summary.py, its lines written
in scripts/build/version_changes.py: a change of the words no line explains stops the build), then field by
field and word by word (<del>/<ins>, styled by docs/stylesheets/diff.css), with links to both
versions and, where both have a resolver, its ids (and, when both declare the same inputs and
both requirements accept them, both answers side by side, saying when dice were rolled for the
page); then what was removed and what is new. An unknown or malformed marker fails the build with
the page and line.

The hook keeps no state between builds: everything is computed from the two pages and the registry.
"""

from __future__ import annotations

import html
import logging
import posixpath
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:  # a bare checkout works too
    sys.path.insert(0, str(ROOT))

from rules_core import Input, Resolver, RulesError, resolve  # noqa: E402 - after the path fix above
from rules_core.readings import GAPS  # noqa: E402
from scripts.build import markers  # noqa: E402
from scripts.build.build_error import BuildError  # noqa: E402
from scripts.build.entries import Entry, parse_entries  # noqa: E402
from scripts.build.placement import place  # noqa: E402
from scripts.build.version_pairs import (  # noqa: E402
    COMPARISONS, Comparison, Match, Matching, comparison, heading_entries, match_entries,
)
from scripts.build.version_summary import (  # noqa: E402
    changes_of, check, field_text, skill_test_meaning, spans, summary_lines,
)
from scripts.build.version_text import Section, Text, sections, text_of  # noqa: E402
from scripts.build.word_diff import (  # noqa: E402
    Chunk, blocks_html, changed, diff_blocks, diff_text, inline_html, same_notation,
)

log = logging.getLogger("mkdocs.plugins.version_diff")



# Reading the pages ----------------------------------------------------------------------------


def read_page(docs_dir: Path, src_uri: str) -> str:
    path = docs_dir / src_uri
    if not path.exists():
        raise BuildError(f"version_diff: rules page {src_uri} is missing from {docs_dir}")
    return path.read_text(encoding="utf-8")


def link(from_uri: str, to_uri: str, anchor: str = "") -> str:
    """A Markdown link target from one docs page to another (MkDocs checks it in strict mode)."""
    target = posixpath.relpath(to_uri, posixpath.dirname(from_uri) or ".")
    return f"{target}#{anchor}" if anchor else target


# Builders -------------------------------------------------------------------------------------


def fields_html(match: Match, old_version: str, new_version: str) -> str:
    """One line per field: unchanged, or its words deleted and inserted; then moved Sections and States."""
    names = [*match.old.fields, *(name for name in match.new.fields if name not in match.old.fields)]
    if match.old.section != match.new.section:
        names.append("Section")
    items: list[str] = []
    for name in names:
        if name == "Section":
            old, new = match.old.section, match.new.section
        else:
            old, new = field_text(match.old.fields.get(name)), field_text(match.new.fields.get(name))
        label = f"<strong>{html.escape(name)}</strong>:"
        if old == new:
            items.append(f'<li>{label} {html.escape(old)} <span class="vd-same">unchanged</span></li>')
            continue
        if same_notation(old, new) or (name == "Skill Test" and skill_test_meaning(old) == skill_test_meaning(new)):
            items.append(f'<li>{label} {html.escape(old)} → {html.escape(new)} '
                         '<span class="vd-same">same meaning (notation only)</span></li>')
            continue
        note = ""
        if not new.strip():
            note = f' <span class="vd-note">empty in {new_version}</span>'
        elif not old.strip():
            note = f' <span class="vd-note">not in {old_version}</span>'
        items.append(f"<li>{label} {inline_html(diff_text(old, new))}{note}</li>")
    for part in match.parts:
        fields = "; ".join(f"{name}: {field_text(value) or '(empty)'}" for name, value in part.fields.items())
        items.append(
            f"<li><strong>{html.escape(part.name)}</strong> ({part.kind.capitalize()}, new in {new_version}): "
            f"<ins>{html.escape(fields)}</ins></li>"
        )
    return '<ul class="vd-fields">\n' + "\n".join(items) + "\n</ul>"


def entry_text(entry: Entry) -> Text:
    return text_of(entry.body)


def body_chunks(match: Match) -> tuple[list[Chunk], int]:
    """The word diff of the old text against the new entry's text and its parts' texts, and the new
    text's "Gap in the source" count. Where the old entry points to a section the texts do not hold
    (`match.gap`), only the new entry's opening paragraph is compared: the rest has no counterpart."""
    old = entry_text(match.old)
    new = entry_text(match.new)
    if match.gap:
        return diff_blocks(old.blocks, new.blocks[:1]), 0
    blocks = list(new.blocks)
    gaps = new.gaps
    for part in match.parts:
        part_text = entry_text(part)
        blocks += [f"{part.name} ({part.kind.capitalize()}):", *part_text.blocks]
        gaps += part_text.gaps
    return diff_blocks(old.blocks, blocks), gaps


def body_html(match: Match, comparison: Comparison, src_uri: str) -> str:
    """The word diff of the texts, and the notes on gaps in either version's texts."""
    chunks, gaps = body_chunks(match)
    out = [blocks_html(chunks)] if changed(chunks) else ['<p class="vd-same">The text is unchanged.</p>']
    if match.gap:
        target = link(src_uri, comparison.new_page, match.new.slug)
        out.append(f'<p class="vd-gap">{html.escape(GAPS[match.gap].text)} Only the opening of the '
                   f"{comparison.new_version} entry is compared above; its procedure is not marked as new text. "
                   f"Read it on the {comparison.new_version} page.</p>")
        out.append(f"[{comparison.new_version}: {match.new.name}, the whole entry]({target})")
    for version, sentence in unfinished(match, comparison):
        out.append(f'<p class="text-unfinished" role="note">The text stops here: the sentence '
                   f"“{html.escape(sentence)}” is unfinished in {version}.</p>")
    if gaps:
        out.append(f'<p class="vd-note">The {comparison.new_version} source text of this entry breaks off; the entry shows where.</p>')
    return "\n\n".join(out)


def unfinished(match: Match, comparison: Comparison) -> list[tuple[str, str]]:
    """Each (version, sentence) the pair's texts leave unfinished (`<!-- unfinished -->`, scripts/build/unfinished.py)."""
    old = [(comparison.old_version, sentence) for sentence in entry_text(match.old).unfinished]
    new = [(comparison.new_version, sentence) for entry in (match.new, *match.parts)
           for sentence in entry_text(entry).unfinished]
    return old + new


def summary_html(match: Match, comparison: Comparison) -> str:
    """The plain-language summary of a pair, first thing under its links. Every changed span of the word diff is
    claimed by a line of scripts/build/version_changes.py and every claim is a span, or the build says which not."""
    chunks, _ = body_chunks(match)
    problems = check(changes_of(comparison).get(match.new.slug, ()), spans(chunks))
    if problems:
        listed = "\n".join(f"  - {problem}" for problem in problems)
        raise BuildError(f"version_diff: the summary of {match.new.name} (#{match.new.slug}, {comparison.old_version} → "
                         f"{comparison.new_version}) is out of step with the texts; read both and write its lines in "
                         f"scripts/build/version_changes.py:\n{listed}")
    lines = summary_lines(match, comparison, chunks, GAPS[match.gap].section if match.gap else "",
                          unfinished(match, comparison))
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f'<div class="vd-summary"><p><strong>What changed</strong></p><ul>{items}</ul></div>'



def _spec(spec: Input) -> tuple[object, ...]:
    """What makes two declarations of an input accept the same values (labels may differ)."""
    return (spec.kind, spec.low, spec.high, spec.choices, spec.parts)


def shared_inputs(old: Resolver, new: Resolver) -> dict[str, object]:
    """The inputs both declare alike, set to the old resolver's defaults (None-defaults left out)."""
    theirs = {spec.name: spec for spec in new.inputs}
    defaults = old.defaults()
    return {
        spec.name: defaults[spec.name]
        for spec in old.inputs
        if spec.name in theirs and _spec(theirs[spec.name]) == _spec(spec) and defaults.get(spec.name) is not None
    }


def _value(spec: Input, value: object) -> str:
    if spec.kind == "bool":
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return " ".join(str(item) for item in value)
    return str(value)


def live_html(old: Resolver, new: Resolver, comparison: Comparison) -> str:
    """Both headlines for the same values of the inputs both declare alike; "" if they share none.

    Inputs only one version has keep that version's default. A RulesError (the shared values are
    impossible under one version) leaves the comparison out; any other error is a resolver bug
    and fails the build naming both resolvers.
    """
    shared = shared_inputs(old, new)
    if not shared:
        return ""
    try:
        answers = [resolve(resolver.id, shared) for resolver in (old, new)]
    except RulesError as error:
        log.debug("version_diff: %s / %s give no answer for %s: %s", old.id, new.id, shared, error)
        return ""
    except Exception as error:  # noqa: BLE001 - reported as a build error with the resolvers named
        raise BuildError(f"version_diff: resolving {old.id} and {new.id} with {shared} failed: {error!r}") from error
    if not all(accepted(answer) for answer in answers):
        # One version's requirement refuses these values: a side-by-side would compare a refusal, not the rule.
        log.debug("version_diff: %s / %s: a requirement refuses %s", old.id, new.id, shared)
        return ""
    specs = {spec.name: spec for spec in new.inputs}
    values = ", ".join(f"{specs[name].label} {_value(specs[name], value)}" for name, value in shared.items())
    rows = []
    for version, answer in zip((comparison.old_version, comparison.new_version), answers):
        outcome = answer.get("outcome")
        headline = outcome.get("headline", "") if isinstance(outcome, dict) else ""
        rows.append(f"<li><strong>{version}</strong>: {html.escape(str(headline))}</li>")
    rolled = [version for version, answer in zip((comparison.old_version, comparison.new_version), answers) if "roll" in answer]
    note = (f"<p>Dice were rolled for this page, not typed ({' and '.join(rolled)}): each answer is one possible roll. "
            "Type your own dice in the resolver beside each entry.</p>") if rolled else ""
    return (f'<div class="vd-live"><p>Same inputs under both versions, which both requirements accept '
            f"({html.escape(values)}; each version's own inputs at their defaults):</p>\n<ul>" + "".join(rows)
            + "</ul>" + note + "</div>")


def accepted(answer: dict[str, object]) -> bool:
    """True when the answer's requirement checks all pass (an answer with none passes)."""
    checks = answer.get("checks")
    if not isinstance(checks, list):
        return True
    return all(isinstance(check, dict) and check.get("ok") for check in checks)


def resolvers_md(match: Match, comparison: Comparison, src_uri: str, placed: dict[str, Resolver]) -> str:
    """A line naming both resolvers and linking to both entries; "" unless both versions have one."""
    old, new = placed.get(match.old.key), placed.get(match.new.key)
    if old is None or new is None:
        return ""
    old_link = link(src_uri, comparison.old_page, match.old.slug)
    new_link = link(src_uri, comparison.new_page, match.new.slug)
    line = (f"Live resolvers: `{old.id}` ([{comparison.old_version} {match.old.name}]({old_link})) and "
            f"`{new.id}` ([{comparison.new_version} {match.new.name}]({new_link})): "
            "give both the same inputs to compare them.")
    live = live_html(old, new, comparison)
    return line + ("\n\n" + live if live else "")


def match_md(match: Match, comparison: Comparison, src_uri: str, placed: dict[str, Resolver]) -> str:
    """One paired entry: heading, links to both versions, why paired, fields, text, resolvers."""
    title = f"{match.old.name} → {match.new.name}" if match.renamed else match.new.name
    old_link = link(src_uri, comparison.old_page, match.old.slug)
    new_link = link(src_uri, comparison.new_page, match.new.slug)
    links = f"[{comparison.old_version}: {match.old.name}]({old_link}) · [{comparison.new_version}: {match.new.name}]({new_link})"
    for part in match.parts:
        links += (f" · [{comparison.new_version}: {part.name} ({part.kind.capitalize()})]"
                  f"({link(src_uri, comparison.new_page, part.slug)})")
    parts = [f"### {title} {{#{match.new.slug}}}", links]
    if match.why:
        parts.append(f'<p class="vd-why">{html.escape(match.why)}</p>')
    parts += [summary_html(match, comparison), fields_html(match, comparison.old_version, comparison.new_version),
              body_html(match, comparison, src_uri)]
    resolvers = resolvers_md(match, comparison, src_uri, placed)
    if resolvers:
        parts.append(resolvers)
    return "\n\n".join(parts)


def section_md(old: Section | None, new: Section | None, comparison: Comparison, intro: bool = False) -> str:
    """One section of the page text: its title and its own text, compared (`intro`: the page title's)."""
    either = new or old
    if either is None:
        return ""
    name, slug = ("Introduction", "text-introduction") if intro else (either.title, f"text-{either.slug}")
    if old is None or new is None:
        which = comparison.new_version if old is None else comparison.old_version
        return f"### {name} {{#{slug}}}\n\nOnly in {which}."
    title = diff_text(old.title, new.title)
    heading = f"### {name} {{#{slug}}}"
    parts = [heading]
    if changed(title):
        parts.append(f'<p class="vd-title">Title: {inline_html(title)}</p>')
    chunks = diff_blocks(old.text.blocks, new.text.blocks)
    parts.append(blocks_html(chunks) if changed(chunks) else '<p class="vd-same">The text is unchanged.</p>')
    return "\n\n".join(parts)


def sections_md(old_markdown: str, new_markdown: str, comparison: Comparison) -> str:
    """Every title-level and level-2 section, paired by anchor (the page titles pair with each other)."""
    old_sections = sections(old_markdown)
    new_sections = sections(new_markdown)
    old_by = {s.slug: s for s in old_sections[1:]}
    new_by = {s.slug: s for s in new_sections[1:]}
    parts = [section_md(old_sections[0] if old_sections else None, new_sections[0] if new_sections else None,
                        comparison, intro=True)]
    for slug in [*new_by, *(s for s in old_by if s not in new_by)]:
        parts.append(section_md(old_by.get(slug), new_by.get(slug), comparison))
    return "\n\n".join(parts)


def entry_list_md(entries: tuple[Entry, ...], page: str, src_uri: str) -> str:
    """A bullet list of entries, each linked, with its kind and section."""
    if not entries:
        return "None."
    return "\n".join(f"- [{e.name}]({link(src_uri, page, e.slug)}) ({e.kind}, {e.section})" for e in entries)


def summary_md(matching: Matching, comparison: Comparison) -> str:
    renamed = sum(1 for m in matching.matched if m.renamed)
    return (f"**{len(matching.matched)}** entries are in both versions ({renamed} of them renamed), "
            f"**{len(matching.removed)}** are only in {comparison.old_version} (removed) and "
            f"**{len(matching.added)}** only in {comparison.new_version} (new).")


def render(comparison: Comparison, docs_dir: Path, src_uri: str) -> str:
    """The whole generated part of a changes page, as Markdown with HTML diff blocks."""
    old_markdown = read_page(docs_dir, comparison.old_page)
    new_markdown = read_page(docs_dir, comparison.new_page)
    try:
        old = parse_entries(old_markdown, comparison.old_page) + heading_entries(comparison, old_markdown)
        new = parse_entries(new_markdown, comparison.new_page)
        matching = match_entries(comparison, old, new)
    except (KeyError, ValueError) as error:
        raise BuildError(f"version_diff: {src_uri}: {error.args[0] if error.args else error}") from error
    stale = sorted(set(changes_of(comparison)) - {m.new.slug for m in matching.matched})
    if stale:
        raise BuildError(f"version_diff: {src_uri}: scripts/build/version_changes.py has lines for {', '.join(stale)}, "
                         f"which {comparison.old_version} and {comparison.new_version} do not both hold")
    placed = place([*old, *new], docs_dir).placed
    log.info("version_diff: %s: %d matched, %d removed, %d new", src_uri,
             len(matching.matched), len(matching.removed), len(matching.added))
    parts = [
        summary_md(matching, comparison),
        "## The page text {#page-text}",
        sections_md(old_markdown, new_markdown, comparison),
        "## In both versions {#matched}",
        *(match_md(m, comparison, src_uri, placed) for m in matching.matched),
        f"## Only in {comparison.old_version} {{#removed}}",
        entry_list_md(matching.removed, comparison.old_page, src_uri),
        f"## Only in {comparison.new_version} {{#new}}",
        entry_list_md(matching.added, comparison.new_page, src_uri),
    ]
    return "\n\n".join(parts) + "\n"


def comparison_for(args: str, src_uri: str, line: int, docs_dir: Path) -> Comparison:
    """The comparison a marker names, or a BuildError naming the page, line and what is known."""
    known = ", ".join(f"<!-- version-diff: {' '.join(key)} -->" for key in COMPARISONS)
    words = args.split()
    if len(words) not in (3, 4):
        raise BuildError(f"{src_uri} line {line}: a version-diff marker takes GAME OLD NEW [PAGE], got {args!r} "
                         f"(known: {known})")
    try:
        return comparison(docs_dir, *words)
    except KeyError as error:
        raise BuildError(f"{src_uri} line {line}: no version comparison {' '.join(words)!r}: {error.args[0]} "
                         f"(known: {known}, or any two versions of a game)") from error


# Expansion -----------------------------------------------------------------------------------------


def expanders(src_uri: str, docs_dir: Path) -> dict[str, markers.Expander]:
    """`<!-- version-diff: GAME OLD NEW [PAGE] -->` of the one marker grammar (scripts/build/markers.py)."""
    return {"version-diff": lambda args, line: render(comparison_for(args, src_uri, line, docs_dir), docs_dir, src_uri)}
