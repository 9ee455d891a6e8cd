"""Word-by-word differences between two texts, rendered as HTML with <del> and <ins>.

A text is a sequence of blocks (paragraphs, list items, sub-headings as plain text). Blocks are
cut into words on whitespace, with a paragraph mark between blocks, and compared with difflib;
the result is one <p> per block of the union of both texts, each changed run of words wrapped
whole in one <del> or <ins> (deletions first), so a phone reader sees phrases, not letters.
Words are compared by `notation_key`: an edit of case or of brackets only ("Boarding Action" /
"boarding action", "[Boarding]" / "Boarding") is notation, not a change, and reads as the new text.

Pure functions over strings: no MkDocs, no markdown-it (the version diff hook feeds it text).
"""

from __future__ import annotations

import difflib
import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Op = Literal["same", "del", "ins"]
"""How a run of words reads: in both texts, only in the old one, only in the new one."""

BREAK = "\n"
"""The token between two blocks; never produced by splitting a block (it splits on whitespace)."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """A run of consecutive tokens with one fate."""

    op: Op
    """"same", "del" (old text only) or "ins" (new text only)."""
    tokens: tuple[str, ...]
    """The words, with BREAK where a block ends."""


def tokens(blocks: Sequence[str]) -> list[str]:
    """The words of each block, a BREAK between blocks: ["a b", "c"] -> ["a", "b", BREAK, "c"]."""
    out: list[str] = []
    for block in blocks:
        words = block.split()
        if not words:
            continue
        if out:
            out.append(BREAK)
        out.extend(words)
    return out


NOTATION = str.maketrans("", "", "[]()\\")
"""Characters an edit may add or drop without changing a word: brackets and Markdown escapes."""


def notation_key(word: str) -> str:
    """A word as compared: case and brackets ignored ("[Boarding]" and "boarding" are one word)."""
    return word.translate(NOTATION).casefold() or word


def diff_tokens(old: Sequence[str], new: Sequence[str]) -> list[Chunk]:
    """The chunks that turn old into new; a replacement is a "del" chunk then an "ins" chunk."""
    # autojunk off: rules texts repeat "the", "a", "[D]" often and those must still anchor.
    matcher = difflib.SequenceMatcher(a=[notation_key(w) for w in old], b=[notation_key(w) for w in new],
                                      autojunk=False)
    chunks: list[Chunk] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            chunks.append(Chunk("same", tuple(new[j1:j2])))
            continue
        if i2 > i1:
            chunks.append(Chunk("del", tuple(old[i1:i2])))
        if j2 > j1:
            chunks.append(Chunk("ins", tuple(new[j1:j2])))
    return chunks


def changed(chunks: Sequence[Chunk]) -> bool:
    """True if any chunk is a deletion or an insertion."""
    return any(chunk.op != "same" for chunk in chunks)


def same_notation(old: str, new: str) -> bool:
    """True when two texts differ at most in case, brackets and spacing."""
    return [notation_key(w) for w in old.split()] == [notation_key(w) for w in new.split()]


def _run_html(op: Op, words: Sequence[str]) -> str:
    text = html.escape(" ".join(words), quote=False)
    return text if op == "same" else f"<{op}>{text}</{op}>"


def inline_html(chunks: Sequence[Chunk]) -> str:
    """One line of HTML for chunks with no BREAK (a table cell, a short field)."""
    return " ".join(_run_html(chunk.op, chunk.tokens) for chunk in chunks if chunk.tokens)


def blocks_html(chunks: Sequence[Chunk], css_class: str = "vd-text") -> str:
    """The chunks as paragraphs: a BREAK from either text starts a new <p>.

    A BREAK only in one text still cuts the paragraph (the union of both layouts), and a block
    wholly inserted or deleted reads as one <ins> or <del> paragraph.
    """
    paragraphs: list[list[str]] = [[]]
    for chunk in chunks:
        run: list[str] = []
        for token in chunk.tokens:
            if token != BREAK:
                run.append(token)
                continue
            if run:
                paragraphs[-1].append(_run_html(chunk.op, run))
                run = []
            paragraphs.append([])
        if run:
            paragraphs[-1].append(_run_html(chunk.op, run))
    body = "\n".join(f"<p>{' '.join(parts)}</p>" for parts in paragraphs if parts)
    return f'<div class="{css_class}">\n{body}\n</div>'


def diff_blocks(old: Sequence[str], new: Sequence[str]) -> list[Chunk]:
    """Word diff of two texts given as blocks."""
    return diff_tokens(tokens(old), tokens(new))


def diff_text(old: str, new: str) -> list[Chunk]:
    """Word diff of two one-line texts (fields)."""
    return diff_tokens(old.split(), new.split())
