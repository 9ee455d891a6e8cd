"""What a player now does differently, rule by rule: the changes page's summary lines, written by hand as data.

One table per pair of versions (CHANGES, by game, old version, new version), one tuple of `Line`s per paired
rule (by its slug on the new page), in the order a returning player should read them. Each line is a plain
sentence in this site's words, quoting the texts where the exact words matter, and claims the changed spans
of the word diff it explains: a span is one run of words the word diff deletes, inserts or replaces, written
as (old words, new words), "" for none; a long span may be quoted by its start and end around "…". The build
(scripts/build/version_summary.check) fails naming the rule and the words when a changed span of the texts
is claimed by no line, or a claim matches no span any more (the text was edited: read both texts again and
rewrite the line). One line may claim several spans, and one span may be explained by several lines.

A line's kind is "rule" (a plain sentence, no label), "number" (shown "Number changed: …"; it must claim a
span whose numbers changed) or "wording" (shown "Wording only: …"; none of its spans may change a number or
a "not"). The requirement, the Skill Test, a rename, a move between sections, a split and a gap are not
written here: version_summary says those from the entries' fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["rule", "number", "wording"]


@dataclass(frozen=True, slots=True)
class Line:
    """One summary line and the changed spans of the word diff it explains."""

    says: str
    """The sentence, in the site's words; quotes of the texts in “…”."""
    claims: tuple[tuple[str, str], ...]
    """(old words, new words) of each span it explains, "" for none; "…" stands for the middle of a long span."""
    kind: Kind = "rule"


def line(says: str, *claims: tuple[str, str], kind: Kind = "rule") -> Line:
    return Line(says, claims, kind)


SPECIAL = ("Special", "")
"""v1.2.4 says "Action" where v1.2.1 said "Special Action"."""

JOVIAN_WARS_V121_V124: dict[str, tuple[Line, ...]] = {
    "board": (
        line("A Boarded ship may not Board: v1.2.4 adds “If a ship is Boarded, it may not Board!”.",
             ("", "If a ship is Boarded, it may not Board!")),
    ),
    "evade": (
        line("The model enters the Evading state instead of gaining an Evasion token; it still ends in the End "
             "Phase, and the token's effects are now the state's.",
             ("an Evasion token,", "the Evading state,")),
        line("Fire Control: 1 always: v1.2.1 reduced the model to Fire Control: 1 only if “the Skill Check was [N]”; "
             "v1.2.4 has no Skill Test, and “The Evading model is considered to have Fire Control: 1”.",
             ("If the Skill Check was [N], … also functions at Short Range.", ""),
             ("", "Evading (State): … considered to have Fire Control: 1.")),
        line("The Evading state gives the Evasive trait as the token did; for a model that already has it, “the trait "
             "now functions at Short Sensor Range” (v1.2.1: “also functions at Short Range”).",
             ("If the Skill Check was [N], … also functions at Short Range.", ""),
             ("", "Evading (State): … considered to have Fire Control: 1.")),
        line("“Special Action” is “Action” (“may not declare this Action”).", SPECIAL, kind="wording"),
    ),
    "launch": (
        line("Launch may now be declared in the same activation as Land: v1.2.1 said it “may not be declared in the "
             "same activation as the Land Special Action”; v1.2.4 says it “may declared in the same activation as "
             "the Land Action” (its words).",
             ("not be", ""), ("but", "and")),
        line("v1.2.4 no longer says Launch “may be declared at any time”; it still does not count towards the single "
             "Action allowed per activation.",
             ("may be declared at any time, and", "")),
        line("Leaving the carrier is now cancelling the Embarked state: the model “may cancel the Embarked state, i.e. "
             "leave the Model it is currently being carried by” (v1.2.1: “Disembark from” it).",
             ("Disembark from", "cancel the Embarked state, i.e. leave")),
        line("“Special Action” is “Action”, three times; “A Embarked Captial Ship” is spelled “An Embarked Capital "
             "Ship”.", SPECIAL, ("A", "An"), ("Captial", "Capital"), kind="wording"),
    ),
    "ram": (
        line("v1.2.1 only points to its Ramming rules (“Resolve a Ramming Special Action.”); v1.2.4 opens with "
             "“Ramming is a suicidal act of desperation in Jovian Wars”, almost always lethal to both ships, and "
             "gives the procedure in the entry.",
             ("Resolve", "Ramming is"), ("Ramming Special Action.", "suicidal act of desperation … difficult to achieve.")),
    ),
    "silent-running": (
        line("Entering Stealthed no longer needs a [D+] result: in v1.2.4 “A model declaring the Silent Running action "
             "enters the Stealthed state”; v1.2.1 gave the Stealth token only on “A Skill Roll result of [D+]”, and "
             "v1.2.4's “A Skill Test result of” names no result: the sentence is unfinished in the text.",
             ("", "A model declaring the Silent Running action enters the Stealthed state."),
             ("Roll", "Test"), ("[D+] allows a", "Stealthed (State): This")),
        line("The Stealthed model “gains the Stealth trait and improves its ECM rating by 1 or gains ECM:1 if it does "
             "not have ECM”; v1.2.1's token granted “the Stealth: 1 trait, or improves an existing Stealth: X trait by "
             "1”.",
             ("to gain a", "gains the"),
             ("token, which", "trait and improves its ECM rating by 1 or gains ECM:1 if it does not have ECM. This state"),
             ("Phase. A Stealth token grants the Stealth: 1 trait,", "Phase"),
             ("improves an existing Stealth: X trait by 1. The oken is removed", "")),
        line("What ends it: v1.2.1 removed the token “if the model attacks, uses Point Defense in Point Defense "
             "Attack, defends against a Missile Attack, or is damaged”; v1.2.4 cancels the state “during the End "
             "Phase or if the model expends Fire Control to fire weapons other than Missiles or Drones”.",
             ("removed in", "canceled during"),
             ("improves an existing Stealth: X trait by 1. The oken is removed", ""),
             ("attacks, uses Point Defense in Point Defense Attack, defends against a Missile Attack,",
              "expends Fire Control to fire weapons other than Missiles"),
             ("is damaged.", "Drones.")),
    ),
    "vector-attack": (
        line("Only Capital Ships or Squadrons with the Comms trait may declare it (v1.2.4's own first sentence).",
             ("Move", "Only Capital Ships or Squadrons with the Comms trait may declare this action.")),
        line("One Squadron now moves on a result of [N]: v1.2.4 lists “[N] choose a Squadron” first, where v1.2.1 "
             "moved “a single friendly Squadron” with no result named; v1.2.4 does not say “friendly”.",
             ("single friendly", "Skill Test result of • [N] choose a")),
        line("The Squadron is chosen “within Sensor Range of the model declaring this action” (v1.2.1: “within "
             "range”), and “you cannot choose the declaring model”.",
             ("", "Sensor"),
             ("", "of the model declaring this action (you cannot choose the declaring model). The chosen Squadron "
                  "may make a free movement of")),
        line("The free move is up to 4\" (was 3\"); it still does not count as activating the Squadron, and now “does "
             "not allow for Interception”.",
             ('3" without activating. A Skill Check result of',
              '4". This does not count as activating the Squadron and does not allow for Interception. •'),
             kind="number"),
        line("[D] and [T+] still move two and three Squadrons, now “chosen and moved, as above”.",
             ("2 total", "two"), ("moved", "chosen"), ("a", "moved, as above. •"), ("result", ""),
             ("3 total Squardons", "for three Squadrons"), ("moved.", "chosen and moved, as above.")),
    ),
    "withdraw": (
        line("A [D+] now enters the Withdrawn state instead of removing the model from the board, and “Any models "
             "Embarked on the Withdrawing model are also considered Withdrawn”.",
             ("be removed from", "enter"),
             ("board.", "Withdrawn state. Any models Embarked on the Withdrawing model are also considered Withdrawn.")),
        line("A model that Withdraws is worth “0.5x points” (v1.2.1: “fewer Victory Points to the opponent”, no "
             "number).", ("fewer Victory Points to the opponent.", "0.5x points."), kind="number"),
    ),
    "bombing": (
        line("v1.2.4 drops “This model must be within range to move into base contact with a Capital Ship Target”; "
             "both still resolve a Bombing Run, now “on a target Capital Ship”.",
             ("This model must be within range to move into base contact with a Capital Ship Target.", ""),
             ("Special Action.", "on a target Capital Ship.")),
    ),
    "boost": (
        line("Capital Ships no longer Boost: v1.2.1 let them “double their Speed rating during their activation”; in "
             "v1.2.4 a Capital Ship declares Hard Burn, and its Hard Burn:X state doubles Speed while X > 0, sets "
             "Turns to 1 and forbids declaring Hard Burn, X falling by 1 each End Phase (2 at first for most ships).",
             ("Capital ships may double", "By declaring Boost at the start of"),
             ("Speed rating during their activation.", "activation,"),
             ("", "activation. Squadrons with the Evasive trait gain +1F … • If X > 0,"),
             ("by expending 2 Fuel.", "is doubled • Turns rating becomes 1 … state is canceled entirely.")),
        line("Squadrons increase their Speed by 3\" per Fuel they expend, 1 or 2 Fuel (v1.2.1: double the Speed rating "
             "for 1 Fuel, triple it for 2).",
             ("may double", "increase"), ("expending", "3\" per fuel they expend, minimum"),
             ("Fuel or triple", "and maximum of 2. Boosting Squadrons … for the duration of"),
             ("by expending 2 Fuel.", "is doubled • Turns rating becomes 1 … state is canceled entirely."),
             kind="number"),
        line("A Squadron declares Boost at the start of its activation, and gains the Evasive trait for that "
             "activation; one that already has it gains +1F when Boosting. Boost may be declared in addition to "
             "other Actions.",
             ("Capital ships may double", "By declaring Boost at the start of"),
             ("Fuel or triple", "and maximum of 2. Boosting Squadrons … for the duration of"),
             ("", "activation. Squadrons with the Evasive trait gain +1F … • If X > 0,")),
    ),
    "interception": (
        line("New under the heading: “An Interception initiates a Dogfight”, and a Squadron may not intercept the "
             "Squadron whose Active Interception targets it, may not intercept or be intercepted more than once in "
             "one activation, and may not intercept a Squadron taking a free movement after a Bombing Run, leaving "
             "Assaulting state or at the end of a Dogfight, or taking a 4\" move from a Vector Attack.",
             ("", "An Interception initiates a Dogfight. … as the result of a Vector Attack action.")),
    ),
    "active-interception": (
        line("The target is an enemy Squadron the model “has moved into base contact with” (v1.2.1: one it “is in "
             "base contact with”).", ("is in", "has moved into")),
    ),
    "reactive-interception": (
        line("The trigger: the active enemy Squadron “is within 3\" at any point during its activation” (v1.2.1: it "
             "“ends a Move, resolves an Attack, or resolves a Special Action within 3\"”).",
             ("model ends a Move, resolves an Attack, or resolves a Special Action", "is"),
             ('3".', '3" at any point during its activation.')),
        line("The intercepting Squadron interrupts “at the first point at which the Active Squadron is in "
             "Interception range” and makes a free move into base contact “by the shortest path possible”; with no "
             "room for base contact, the Interception is not possible. Then it resolves a Dogfight, as before.",
             ("Squadron", "Squadron: 1."),
             ("Squadron, moves", "Squadron at the first point … 2. Makes a free move"),
             ("contact, and", "contact by the shortest path possible. … the Interception is not possible. 3.")),
        line("“Note that this means” is gone and “Squardon” is spelled “Squadron”: you may still Intercept an active "
             "Model attempting to Intercept one of your Squadrons.",
             ("Note that this means", ""), ("Squardon", "Squadron"), kind="wording"),
    ),
    "land": (
        line("Land is for Squadrons only: v1.2.4 drops “A Capital Ship in base contact with a Model that has the Dock "
             "Trait”.", ("A Capital Ship in base contact with a Model that has the Dock Trait or", "")),
        line("v1.2.4 no longer says the carrier must have “remaining capacity”, and names the trait “Hangers” "
             "(v1.2.1: “Hangers:X”).",
             ("(that also has remaining capacity)", ""), ("Hangers:X", "Hangers")),
        line("The Squadron “may become Embarked onto that model” (v1.2.1: “may Embark”): landing is entering the "
             "Embarked state.", ("Embark", "become Embarked")),
        line("Land may now be declared in the same activation as Launch: v1.2.1 said it “may not be declared in the "
             "same activation as the Launch Special Action”; v1.2.4 says it “may be declared” there.",
             ("not", ""), ("but", "and")),
        line("“Special Action” is “Action”, three times.", SPECIAL, kind="wording"),
    ),
    "long-shot": (
        line("Range: v1.2.1 let the model double its current Sensors range this activation; v1.2.4 lets it “make "
             "attacks at Long Range on any valid targets”, which “does not affect Missile attacks”.",
             ("double its current Sensors", "make attacks at Long"), ("", "on any valid targets."),
             ("activation. All", "does not affect Missile attacks. Make one Skill Test … after resolving any")),
        line("No single target: in v1.2.1 all attacks the model declared that activation had to target the same "
             "Capital Ship; v1.2.4 allows any valid targets.",
             ("declared by this model during its activation must target", "at Long Range. • [N] - Damage"),
             ("", "on any valid targets.")),
        line("The cost is weapon damage instead of weaker attacks: v1.2.1 added no flank or rear modifiers to the "
             "attack roll and Diminished all Results; v1.2.4 makes one Skill Test for the entire activation and, "
             "after an attack at Long Range, damages the weapons system on [N], “On a 4+” on [D], “On a 6+” on [T], "
             "and not on [Q+].",
             ("activation. All", "does not affect Missile attacks. Make one Skill Test … after resolving any"),
             ("declared by this model during its activation must target", "at Long Range. • [N] - Damage"),
             ("same Capital Ship. Do not add flank or rear modifiers", "weapons system after resolving … No damage"),
             ("the attack roll, and all Results are Diminished.", "weapons system.")),
    ),
    "reorient": (
        line("A result of [N] now “allows a single turn in addition to the Model's normal Turn rating”.",
             ("", "• [N] allows a single turn in addition to the Model's normal Turn rating. •")),
        line("Turning to face any direction on a [D+] no longer halves Fire Control: v1.2.4 drops “If a model turns "
             "in this way, it halves its Fire Control rating.”",
             ("If a model turns in this way, it halves its Fire Control rating.", "")),
        line("A Sluggish model makes two turns instead of one at the end of its move “regardless of the Test result” "
             "(words new in v1.2.4).", ("move.", "move, regardless of the Test result.")),
        line("“A Result of [D+] on the Skill Test” is now a list under “A Skill Test result of”.",
             ("", "Skill Test"), ("on the Skill Test", ""), kind="wording"),
    ),
    "station-keep": (
        line("The Station Keeping token is now the Station Keeping state, which the Station Keep Action enters and "
             "which is canceled in the End Phase; its effects are the same words: Speed 0\" and one Flex Die to all "
             "attacks targeting the ship.",
             ("a", "the"), ("token,", "state,"), ("removed", "canceled"), ("The", ""),
             ("token", "(State): Station Keeping")),
    ),
}
"""Jovian Wars Special Actions v1.2.1 -> Actions v1.2.4, read from both texts by hand."""

CHANGES: dict[tuple[str, str, str], dict[str, tuple[Line, ...]]] = {
    ("jovian-wars", "v1.2.1", "v1.2.4"): JOVIAN_WARS_V121_V124,
}
"""(game, old version, new version) -> the summary lines of each paired rule, by new-page slug. A pair of
versions with no table here has no lines: its first changed span stops the build."""
